import { parse, Problem, problems } from '@vouch/service-core';
import { getMember, renameMember } from '@vouch/service-auth';
import { PROFILE_MESSAGES, slugTakenMessage, updateProfileBody, type UpdateProfileResponse } from '@vouch/contracts';
import { claimSlug, findProfileByMember, updateProfile as writeProfile, type ProfileRecord } from '../data-access/profile.repository';
import { ensureProfile, toProfileDto } from './profile';
import { indexPersonWords } from './people-search';
import type { ProfileDeps } from './profile-queries';

/**
 * PATCH /api/profile: the member changes their name (first and last together), headline (role
 * and company, ≤ 120 characters), bio (≤ 500), whether the profile is public and its URL
 * (profileSlug: the contracts' rules; 409 PROFILE_URL_TAKEN when another member has or had
 * it). Absent fields stay; blank or null removes the headline or bio; unknown fields and bad
 * values are a 400 with the sentence of the first problem. Name, URL and profile change in one
 * transaction, so a failure leaves all as they were. A rename keeps the URL (shared links keep
 * working; the member may choose a new one); an earlier URL keeps answering and stays theirs.
 * Returns the profile and name as they now are.
 */
export async function updateProfile(deps: ProfileDeps, memberId: number, body: unknown): Promise<UpdateProfileResponse> {
  const input = parse(updateProfileBody, body ?? {});
  if ((input.firstName === undefined) !== (input.lastName === undefined)) {
    throw problems.badRequest(PROFILE_MESSAGES.bothNames, [{ field: input.firstName === undefined ? 'firstName' : 'lastName', message: PROFILE_MESSAGES.bothNames }]);
  }
  const { db } = deps;
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  const now = deps.clock();
  // Every member has a profile from registration; one lost to a failure there is made again
  // here, private unless the member says otherwise (nobody chose to show it).
  const current = (await findProfileByMember(db, memberId)) ?? (await ensureProfile(db, member, now, input.isPublic ?? false));
  const patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'headline'>> = {};
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.customBio !== undefined) patch.customBio = input.customBio || null;
  if (input.headline !== undefined) patch.headline = input.headline || null;
  await db.transaction(async (t) => {
    if (input.firstName !== undefined && input.lastName !== undefined) await renameMember(db, memberId, { firstName: input.firstName, lastName: input.lastName }, t);
    await writeProfile(db, memberId, patch, now, t);
    if (input.profileSlug !== undefined && input.profileSlug !== current.slug && !(await claimSlug(db, t, { memberId, slug: input.profileSlug, now }))) {
      const message = slugTakenMessage(input.profileSlug);
      throw new Problem(409, message, { code: 'PROFILE_URL_TAKEN', errors: [{ field: 'profileSlug', message }] });
    }
    // The search index follows the name, headline and visibility in the same transaction.
    await indexPersonWords(db, t, memberId, { name: (await getMember(db, memberId, t))?.name ?? member.name, headline: true });
  });
  const [profile, renamed] = await Promise.all([findProfileByMember(db, memberId), getMember(db, memberId)]);
  if (!profile || !renamed) throw problems.unauthorized();
  return { profile: toProfileDto(profile), user: { name: renamed.name } };
}
