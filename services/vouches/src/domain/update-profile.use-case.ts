import { parse, problems } from '@vouch/service-core';
import { getMember, renameMember } from '@vouch/service-auth';
import { PROFILE_MESSAGES, updateProfileBody, type UpdateProfileResponse } from '@vouch/contracts';
import { findProfileByMember, updateProfile as writeProfile, type ProfileRecord } from '../data-access/profile.repository';
import { ensureProfile, toProfileDto } from './profile';
import { indexPersonWords } from './people-search';
import type { ProfileDeps } from './profile-queries';

/**
 * PATCH /api/profile: the member changes their name (first and last together), headline (role
 * and company, ≤ 120 characters), bio (≤ 500) and whether the profile is public. Absent fields
 * stay; blank or null removes the headline or bio; unknown fields and bad values are a 400
 * with the sentence of the first problem. Name and profile change in one transaction, so a
 * failure leaves both as they were. Creates the profile first if the member has none yet (its
 * slug stays the one made from the old name: shared links keep working). Returns the profile
 * and name as they now are.
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
  await ensureProfile(db, member, now);
  const patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'headline'>> = {};
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.customBio !== undefined) patch.customBio = input.customBio || null;
  if (input.headline !== undefined) patch.headline = input.headline || null;
  await db.transaction(async (t) => {
    if (input.firstName !== undefined && input.lastName !== undefined) await renameMember(db, memberId, { firstName: input.firstName, lastName: input.lastName }, t);
    await writeProfile(db, memberId, patch, now, t);
    // The search index follows the name, headline and visibility in the same transaction.
    await indexPersonWords(db, t, memberId, { name: (await getMember(db, memberId, t))?.name ?? member.name, headline: true });
  });
  const [profile, renamed] = await Promise.all([findProfileByMember(db, memberId), getMember(db, memberId)]);
  if (!profile || !renamed) throw problems.unauthorized();
  return { profile: toProfileDto(profile), user: { name: renamed.name } };
}
