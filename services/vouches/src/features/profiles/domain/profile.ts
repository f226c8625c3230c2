import type { Database } from '@vouch/service-core';
import { RESERVED_PROFILE_SLUGS, type Profile, type PublicProfileVouch } from '@vouch/contracts';
import { findProfileByMember, insertProfile, slugsLike, updateProfile, type ProfileRecord } from '../../../data-access/profile.repository';
import { nextFreeSlug, rankTags, slugBase, summaryText } from './profile-text';
import { releaseHoldStart } from './profile-urls';
import { voucherNameOf, type VouchRecord } from '../../../domain/vouch';

/** Attempts at a free slug before giving up (each loses only to a concurrent creator of the same name). */
const SLUG_ATTEMPTS = 8;

/**
 * The member's profile, created when they register (createMemberProfile; a migration made the
 * missing ones of earlier members): slug from the member's name ("jane-doe", then
 * "jane-doe-2", …), the visibility they chose (default public), no bio. Only the member's own
 * calls (registration, their summary, their settings) reach this: nobody else's read creates a
 * profile. Safe under concurrent calls: the unique member id and slug decide, and a loser
 * re-reads (same member) or takes the next number (same name). Slugs any profile ever had
 * (profile_slugs), slugs held released (a deleted member's, for a year) and reserved words are skipped. The slug never follows later name changes
 * (as on LinkedIn: shared links and printed cards keep working); the member may choose
 * another in their settings (claimSlug).
 */
export async function ensureProfile(db: Database, member: { id: number; name: string }, now: Date, isPublic = true, nameFromVoucher = false): Promise<ProfileRecord> {
  const existing = await findProfileByMember(db, member.id);
  if (existing) return existing;
  const base = slugBase(member.name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
    const taken = await slugsLike(db, base, releaseHoldStart(now));
    const slug = nextFreeSlug(base, RESERVED_PROFILE_SLUGS.has(base) ? [base, ...taken] : taken);
    const created = await insertProfile(db, { memberId: member.id, slug, currentSummary: null, now, isPublic, nameFromVoucher });
    if (created) return created;
    const raced = await findProfileByMember(db, member.id);
    if (raced) return raced;
  }
  throw new Error(`No free profile slug for "${base}" after ${SLUG_ATTEMPTS} attempts.`);
}

/** What a member's accepted vouches say about them: counts, tags and the summary sentence. */
export interface ProfileFacts {
  vouchCount: number;
  recommendationCount: number;
  invitationCount: number;
  /** Distinct members whose vouch was accepted. */
  voucherIds: number[];
  skillTags: string[];
  traitTags: string[];
  summary: string | null;
}

/** Facts from the accepted vouches a member received (any order; tags rank oldest first). */
export function profileFacts(accepted: readonly VouchRecord[]): ProfileFacts {
  const oldestFirst = [...accepted].sort((a, b) => acceptedTime(a) - acceptedTime(b) || a.id - b.id);
  const voucherIds = [...new Set(oldestFirst.map((v) => v.voucherId))].sort((a, b) => a - b);
  const skillTags = rankTags(oldestFirst.map((v) => v.skills));
  const traitTags = rankTags(oldestFirst.map((v) => v.characterTraits));
  return {
    vouchCount: accepted.length,
    recommendationCount: accepted.filter((v) => v.type === 'recommendation').length,
    invitationCount: accepted.filter((v) => v.type === 'invite').length,
    voucherIds,
    skillTags,
    traitTags,
    summary: summaryText({ voucherCount: voucherIds.length, skillTags, traitTags }),
  };
}

const acceptedTime = (v: VouchRecord) => (v.acceptedAt ?? v.respondedAt ?? v.createdAt).getTime();

/** Most recently accepted first. */
export function byMostRecentlyAccepted(accepted: readonly VouchRecord[]): VouchRecord[] {
  return [...accepted].sort((a, b) => acceptedTime(b) - acceptedTime(a) || b.id - a.id);
}

/**
 * The stored summary follows the vouches: when the generated sentence differs from the stored
 * one (a vouch was accepted since), it is written, so readers of the row see the current text.
 */
export async function withCurrentSummary(db: Database, profile: ProfileRecord, summary: string | null, now: Date): Promise<ProfileRecord> {
  if (profile.currentSummary === summary) return profile;
  await updateProfile(db, profile.memberId, { currentSummary: summary }, now);
  return { ...profile, currentSummary: summary };
}

export function toProfileDto(profile: ProfileRecord): Profile {
  return {
    profileSlug: profile.slug,
    isPublic: profile.isPublic,
    currentSummary: profile.currentSummary,
    customBio: profile.customBio,
    headline: profile.headline,
    createdAt: profile.createdAt.toISOString(),
  };
}

/**
 * A received vouch as profiles show it, naming its voucher (`names` by member id; "A former
 * member" after a deletion) and linking their profile when it is public (`slugs` by member id).
 */
export function toPublicProfileVouch(v: VouchRecord, names: ReadonlyMap<number, string>, slugs: ReadonlyMap<number, string>): PublicProfileVouch {
  return {
    id: v.id,
    voucherName: voucherNameOf(names, v.voucherId),
    voucherProfileSlug: slugs.get(v.voucherId) ?? null,
    type: v.type,
    reason: v.reason,
    skills: v.skills,
    characterTraits: v.characterTraits,
    accomplishments: v.accomplishments,
    acceptedAt: new Date(acceptedTime(v)).toISOString(),
  };
}
