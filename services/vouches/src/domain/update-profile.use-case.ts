import { parse, problems } from '@vouch/service-core';
import { getMember } from '@vouch/service-auth';
import { updateProfileBody, type Profile } from '@vouch/contracts';
import { findProfileByMember, updateProfile as writeProfile } from '../data-access/profile.repository';
import { ensureProfile, toProfileDto } from './profile';
import type { ProfileDeps } from './profile-queries';

/**
 * PATCH /api/profile: the member makes their profile public or private and writes or removes
 * their bio (≤ 500 characters; blank means none). Absent fields stay; unknown fields are a 400.
 * Creates the profile first if the member has none yet. Returns the profile as it now is.
 */
export async function updateProfile(deps: ProfileDeps, memberId: number, body: unknown): Promise<Profile> {
  const input = parse(updateProfileBody, body ?? {});
  const { db } = deps;
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  const now = deps.clock();
  await ensureProfile(db, member, now);
  const patch: { isPublic?: boolean; customBio?: string | null } = {};
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.customBio !== undefined) patch.customBio = input.customBio ? input.customBio : null;
  await writeProfile(db, memberId, patch, now);
  const profile = await findProfileByMember(db, memberId);
  if (!profile) throw problems.unauthorized();
  return toProfileDto(profile);
}
