import { problems, type Database } from '@vouch/service-core';
import { getMember, getMembers, updateMemberStats, type Member } from '@vouch/service-auth';
import {
  MY_SUMMARY_VOUCH_LIMIT,
  PROFILE_MESSAGES,
  PUBLIC_PROFILE_VOUCH_LIMIT,
  type MySummary,
  type PublicProfile,
} from '@vouch/contracts';
import { findProfileBySlug, type ProfileRecord } from '../data-access/profile.repository';
import { listAcceptedBy } from '../data-access/vouch.repository';
import type { Clock } from './clock';
import { reachWithin } from './graph';
import { byMostRecentlyAccepted, ensureProfile, profileFacts, toProfileDto, toPublicProfileVouch, withCurrentSummary, type ProfileFacts } from './profile';
import { isSlugShape } from './profile-text';
import { voucherNameOf, type VouchRecord } from './vouch';

export interface ProfileDeps {
  db: Database;
  clock: Clock;
}

const notFound = () => problems.notFound(PROFILE_MESSAGES.notFound);

/** GET /api/profile/my-summary: my profile (created on first call), recent accepted vouches, counts and tags. */
export async function mySummary(deps: ProfileDeps, memberId: number): Promise<MySummary> {
  const { db } = deps;
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  const now = deps.clock();
  const [created, accepted] = await Promise.all([ensureProfile(db, member, now), listAcceptedBy(db, memberId)]);
  const facts = profileFacts(accepted);
  const profile = await withCurrentSummary(db, created, facts.summary, now);
  const recent = byMostRecentlyAccepted(accepted).slice(0, MY_SUMMARY_VOUCH_LIMIT);
  const names = new Map((await getMembers(db, recent.map((v) => v.voucherId))).map((m) => [m.id, m.name]));
  return {
    profile: toProfileDto(profile),
    vouches: recent.map((v) => ({ ...toPublicProfileVouch(v), voucherName: voucherNameOf(names, v.voucherId) })),
    stats: {
      vouchCount: facts.vouchCount,
      recommendationCount: facts.recommendationCount,
      invitationCount: facts.invitationCount,
      skillTags: facts.skillTags,
      traitTags: facts.traitTags,
    },
  };
}

/** A public profile with what is needed to show it; null when unknown, private or malformed. */
interface VisibleProfile {
  profile: ProfileRecord;
  member: Member;
  accepted: VouchRecord[];
  facts: ProfileFacts;
}

async function findVisibleProfile(db: Database, slugParam: string): Promise<VisibleProfile | null> {
  const slug = slugParam.toLowerCase();
  if (!isSlugShape(slug)) return null;
  const profile = await findProfileBySlug(db, slug);
  if (!profile || !profile.isPublic) return null;
  const [member, accepted] = await Promise.all([getMember(db, profile.memberId), listAcceptedBy(db, profile.memberId)]);
  if (!member) return null;
  return { profile, member, accepted, facts: profileFacts(accepted) };
}

/**
 * GET /api/profile/public/:slug — anyone, only while the profile is public (else 404 "Profile
 * Not Found - …", the same answer as an unknown slug). Counts a profile view on the member row
 * unless the owner is looking. A signed-in caller also gets `viewer`: how many distinct members
 * vouched for this one and how many of them are within 2° of the caller (one graph query).
 */
export async function publicProfile(deps: ProfileDeps, slug: string, viewerId: number | null): Promise<PublicProfile> {
  const { db } = deps;
  const found = await findVisibleProfile(db, slug);
  if (!found) throw notFound();
  const { member, accepted, facts } = found;
  const now = deps.clock();
  const profile = await withCurrentSummary(db, found.profile, facts.summary, now);
  const isOwner = viewerId === member.id;
  if (!isOwner) await updateMemberStats(db, member.id, { profileViews: { increment: 1 } });

  let viewer: PublicProfile['viewer'] = null;
  if (viewerId !== null) {
    let inYourNetworkCount = 0;
    if (facts.voucherIds.length > 0) {
      const reach = new Set((await reachWithin(db, viewerId, 2)).map((r) => r.memberId));
      inYourNetworkCount = facts.voucherIds.filter((id) => id !== viewerId && reach.has(id)).length;
    }
    viewer = { isOwner, vouchedByCount: facts.voucherIds.length, inYourNetworkCount };
  }

  return {
    profile: toProfileDto(profile),
    user: { name: member.name, memberSince: member.createdAt.getUTCFullYear() },
    vouches: byMostRecentlyAccepted(accepted).slice(0, PUBLIC_PROFILE_VOUCH_LIMIT).map(toPublicProfileVouch),
    totalVouches: facts.vouchCount,
    stats: { vouchCount: facts.vouchCount, skillTags: facts.skillTags, traitTags: facts.traitTags },
    viewer,
  };
}

/** What a link preview of /profile/:slug shows (title, description). */
export interface PublicProfilePreview {
  slug: string;
  name: string;
  /** The generated summary; null before the first accepted vouch. */
  summary: string | null;
  customBio: string | null;
  vouchCount: number;
}

/**
 * The link preview of a public profile, for the server-rendered page tags; null when the
 * profile is unknown or private. Reads only: it counts no view (the page's own API call does).
 */
export async function publicProfilePreview(db: Database, slug: string): Promise<PublicProfilePreview | null> {
  const found = await findVisibleProfile(db, slug);
  if (!found) return null;
  return {
    slug: found.profile.slug,
    name: found.member.name,
    summary: found.facts.summary,
    customBio: found.profile.customBio,
    vouchCount: found.facts.vouchCount,
  };
}
