// The profile URL a member chooses (issue 28 item 2): the rule both the settings form and the server apply.
import { PROFILE_MESSAGES, profileSlugProblem, reservedSlugMessage, updateProfileBody } from '../src';

describe('profileSlugProblem', () => {
  it('takes 3–60 lowercase letters and digits in words joined by single hyphens', () => {
    for (const slug of ['pp2', 'priya-patel', 'priya-patel-2', '2026-design', 'a'.repeat(60)]) expect(profileSlugProblem(slug)).toBeNull();
  });

  it('names what is wrong: the length, the shape, a reserved word', () => {
    expect(profileSlugProblem('pp')).toBe(PROFILE_MESSAGES.slugLength);
    expect(profileSlugProblem('a'.repeat(61))).toBe(PROFILE_MESSAGES.slugLength);
    for (const slug of ['Priya', 'priya_patel', 'priya patel', '-priya', 'priya-', 'priya--patel', 'prïya', 'priya/x']) expect(profileSlugProblem(slug)).toBe(PROFILE_MESSAGES.slugShape);
    for (const slug of ['admin', 'api', 'settings', 'sign-in', 'support']) expect(profileSlugProblem(slug)).toBe(reservedSlugMessage(slug));
  });
});

describe('PATCH /api/profile profileSlug', () => {
  it('is trimmed and lowered before the rule, and refused with its sentence', () => {
    expect(updateProfileBody.parse({ profileSlug: '  Priya-Patel ' })).toEqual({ profileSlug: 'priya-patel' });
    const refused = updateProfileBody.safeParse({ profileSlug: 'Admin' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(reservedSlugMessage('admin'));
    expect(updateProfileBody.safeParse({ profileSlug: 7 }).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.slugText);
  });
});
