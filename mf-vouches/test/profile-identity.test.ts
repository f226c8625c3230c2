import type { ProfileConnection } from '@vouch/contracts';
import { degreeText, isWeakestLink, pathName, weakestLinkText } from '../src/features/public-profile/lib/connection';
import { fieldErrorsOf, settingsBody, settingsFormOf } from '../src/features/dashboard/lib/profile-settings';

const connection: ProfileConnection = {
  degree: 2,
  people: [
    { id: 1, name: 'Ann Alpha', reputationScore: 80 },
    { id: 2, name: 'Ben Bravo', reputationScore: 35.4 },
    { id: 3, name: 'Cal Charlie', reputationScore: 60 },
  ],
  links: [
    { fromId: 1, toId: 2, trust: 35.4 },
    { fromId: 2, toId: 3, trust: 35.4 },
  ],
  weakestLink: { fromId: 1, toId: 2, trust: 35.4 },
};

describe("How you're connected", () => {
  it('names the degree, the viewer as You, and the weakest link by its two ends', () => {
    expect([1, 2, 3].map(degreeText)).toEqual(['Direct connection', '2nd-degree connection', '3rd-degree connection']);
    expect(pathName(connection, 0)).toBe('You');
    expect(pathName(connection, 2)).toBe('Cal Charlie');
    expect(weakestLinkText(connection)).toBe('Weakest link: You – Ben Bravo (trust 35 of 100)');
    expect([0, 1].map((i) => isWeakestLink(connection, i))).toEqual([true, false]);
  });
});

describe('Profile Settings', () => {
  const profile = { headline: null, customBio: 'Hi', isPublic: true, profileSlug: 'sammy' };

  it('splits the saved name: the first word, then the rest', () => {
    expect(settingsFormOf('Mary Ann Smith', profile)).toEqual({ firstName: 'Mary', lastName: 'Ann Smith', headline: '', customBio: 'Hi', isPublic: true, profileSlug: 'sammy' });
    expect(settingsFormOf('sammy', profile)).toMatchObject({ firstName: 'sammy', lastName: '' });
  });

  it('sends the name only when it changed, and blank headline and bio as null', () => {
    const form = settingsFormOf('sammy', profile);
    expect(settingsBody({ ...form, customBio: '  ' }, 'sammy')).toEqual({ isPublic: true, headline: null, customBio: null });
    expect(settingsBody({ ...form, firstName: 'Sam', lastName: 'Lee', headline: 'Designer at Acme' }, 'sammy')).toEqual({
      isPublic: true,
      headline: 'Designer at Acme',
      customBio: 'Hi',
      firstName: 'Sam',
      lastName: 'Lee',
    });
  });

  it('sends the profile URL only when it changed (as the server stores it: trimmed, lower case)', () => {
    const form = settingsFormOf('sammy', profile);
    expect(settingsBody({ ...form, profileSlug: ' Sammy ' }, 'sammy', 'sammy')).not.toHaveProperty('profileSlug');
    expect(settingsBody({ ...form, profileSlug: 'sam-lee' }, 'sammy', 'sammy')).toMatchObject({ profileSlug: 'sam-lee' });
    expect(fieldErrorsOf({ errors: [{ field: 'profileSlug', message: 'The profile URL "sam" is taken: choose another.' }] })).toEqual({ profileSlug: 'The profile URL "sam" is taken: choose another.' });
  });

  it("keeps the server's first sentence per known field", () => {
    expect(
      fieldErrorsOf({
        errors: [
          { field: 'firstName', message: 'First name is required.' },
          { field: 'firstName', message: 'second' },
          { field: 'slug', message: 'Unknown' },
        ],
      }),
    ).toEqual({ firstName: 'First name is required.' });
    expect(fieldErrorsOf('oops')).toEqual({});
  });
});
