import { pageOf, problems, type Cursor, type Database, type PageRequest } from '@vouch/service-core';
import { getMember, getMembers, type Member } from '@vouch/service-auth';
import { countProfileView, viewDay, viewerKey } from './profile-views';
import {
  CONNECTION_MAX_DEGREE,
  KNOWN_VOUCHERS_LIMIT,
  MY_SUMMARY_VOUCH_LIMIT,
  notConnectedMessage,
  PROFILE_MESSAGES,
  PUBLIC_PROFILE_VOUCH_LIMIT,
  type MemberProfileRef,
  type MySummary,
  type ProfileConnection,
  type ProfileConnectionState,
  type PublicProfile,
  type PublicProfileVouch,
} from '@vouch/contracts';
import { findProfileByMember, findProfileBySlug, lastProfileId, publicProfilesPage, publicSlugsOf, slugOwner, slugReleasedAt, type ProfileRecord } from '../../../data-access/profile.repository';
import { releaseHoldStart } from './profile-urls';
import { acceptedNeighbourPairs, neighboursAmong } from '../../trust-paths';
import { listAcceptedBy } from '../../../data-access/vouch.repository';
import type { Clock } from '../../../domain/clock';
import { byMostRecentlyAccepted, profileFacts, toProfileDto, toPublicProfileVouch, withCurrentSummary, type ProfileFacts } from './profile';
import { isSlugShape } from './profile-text';
import { shortestPath, trustLinks } from '../../trust-paths';
import { FORMER_MEMBER_ID, type VouchRecord } from '../../../domain/vouch';

export interface ProfileDeps {
  db: Database;
  clock: Clock;
}

const notFound = () => problems.notFound(PROFILE_MESSAGES.notFound);

/**
 * Whether `slug` is a profile URL nobody holds any more and nobody may take yet: its member left
 * or let it go within RELEASED_PROFILE_URL_HOLD_DAYS (issue 43). Such a URL answers 410.
 */
export async function isReleasedProfileUrl(db: Database, slugParam: string, now: Date = new Date()): Promise<boolean> {
  const slug = slugParam.toLowerCase();
  return isSlugShape(slug) && (await slugReleasedAt(db, slug, releaseHoldStart(now))) !== null;
}

/** The refusal of a profile URL that shows nothing: 410 for a released URL, else the 404 of an unknown or private one. */
async function notShown(deps: ProfileDeps, slug: string) {
  return (await isReleasedProfileUrl(deps.db, slug, deps.clock())) ? problems.gone(PROFILE_MESSAGES.released, 'PROFILE_URL_RELEASED') : notFound();
}

/**
 * GET /api/profile/my-summary: my profile, recent accepted vouches, counts and tags. A read:
 * the profile exists from registration (createMemberProfile); without one, 404.
 */
export async function mySummary(deps: ProfileDeps, memberId: number): Promise<MySummary> {
  const { db } = deps;
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  const now = deps.clock();
  const [stored, accepted] = await Promise.all([findProfileByMember(db, memberId), listAcceptedBy(db, memberId)]);
  if (!stored) throw notFound();
  const facts = profileFacts(accepted);
  const profile = await withCurrentSummary(db, stored, facts.summary, now);
  const recent = byMostRecentlyAccepted(accepted).slice(0, MY_SUMMARY_VOUCH_LIMIT);
  const { names, slugs } = await voucherDetails(db, recent);
  return {
    profile: toProfileDto(profile),
    vouches: recent.map((v) => toPublicProfileVouch(v, names, slugs)),
    stats: {
      vouchCount: facts.vouchCount,
      recommendationCount: facts.recommendationCount,
      invitationCount: facts.invitationCount,
      skillTags: facts.skillTags,
      traitTags: facts.traitTags,
    },
  };
}

/** The names and public profile slugs of these vouches' vouchers. */
async function voucherDetails(db: Database, vouches: readonly VouchRecord[]): Promise<{ names: Map<number, string>; slugs: Map<number, string> }> {
  const ids = vouches.map((v) => v.voucherId);
  const [members, slugs] = await Promise.all([getMembers(db, ids), publicSlugsOf(db, ids)]);
  return { names: new Map(members.map((m) => [m.id, m.name])), slugs };
}

/** A signed-in caller's `viewer` of a public profile: who vouched, and which of them the caller knows. */
async function viewerContext(db: Database, viewerId: number, memberId: number, facts: ProfileFacts): Promise<NonNullable<PublicProfile['viewer']>> {
  const vouchers = facts.voucherIds.filter((id) => id !== FORMER_MEMBER_ID);
  const knownIds = vouchers.length > 0 ? (await neighboursAmong(db, viewerId, vouchers)).filter((id) => id !== viewerId) : [];
  const known = (await getMembers(db, knownIds.slice(0, KNOWN_VOUCHERS_LIMIT))).map((m) => ({ id: m.id, name: m.name }));
  return { isOwner: viewerId === memberId, memberId, vouchedByCount: vouchers.length, knownCount: knownIds.length, known };
}

/** A public profile with what is needed to show it; null when unknown, private or malformed. */
interface VisibleProfile {
  profile: ProfileRecord;
  member: Member;
  accepted: VouchRecord[];
  facts: ProfileFacts;
}

/**
 * The profile at this slug, current or earlier (profile_slugs: an earlier slug finds the profile
 * with its current slug, which callers redirect to); null when unknown or malformed.
 */
async function findProfileAtSlug(db: Database, slugParam: string): Promise<ProfileRecord | null> {
  const slug = slugParam.toLowerCase();
  if (!isSlugShape(slug)) return null;
  const current = await findProfileBySlug(db, slug);
  if (current) return current;
  const owner = await slugOwner(db, slug);
  return owner === null ? null : findProfileByMember(db, owner);
}

/** The public profile at this slug (current or earlier) and its member; null when unknown, private or malformed. */
async function findPublicMember(db: Database, slugParam: string): Promise<{ profile: ProfileRecord; member: Member } | null> {
  const profile = await findProfileAtSlug(db, slugParam);
  if (!profile || !profile.isPublic) return null;
  const member = await getMember(db, profile.memberId);
  return member ? { profile, member } : null;
}

async function findVisibleProfile(db: Database, slug: string): Promise<VisibleProfile | null> {
  const found = await findPublicMember(db, slug);
  if (!found) return null;
  const accepted = await listAcceptedBy(db, found.member.id);
  return { ...found, accepted, facts: profileFacts(accepted) };
}

/**
 * GET /api/profile/public/:slug — anyone, only while the profile is public (else 404 "Profile
 * Not Found - …", the same answer as an unknown slug). Notes a profile view unless the owner is
 * looking (once per viewer and day, written a few seconds later: profile-views.ts). Each vouch names its voucher. A signed-in caller also gets
 * `viewer`: how many distinct members vouched for this one and which of them the caller knows
 * (an accepted vouch joins them, either way): one indexed lookup of those vouchers only.
 */
export async function publicProfile(deps: ProfileDeps, slug: string, viewerId: number | null, visitor: { address: string; userAgent: string } = { address: '', userAgent: '' }): Promise<PublicProfile> {
  const { db } = deps;
  const found = await findVisibleProfile(db, slug);
  if (!found) throw await notShown(deps, slug);
  const { member, accepted, facts } = found;
  const now = deps.clock();
  const profile = await withCurrentSummary(db, found.profile, facts.summary, now);
  const isOwner = viewerId === member.id;
  if (!isOwner) {
    const day = viewDay(now);
    countProfileView(db, member.id, viewerKey(day, viewerId === null ? visitor : { memberId: viewerId }), day);
  }

  const recent = byMostRecentlyAccepted(accepted).slice(0, PUBLIC_PROFILE_VOUCH_LIMIT);
  const [viewer, { names, slugs }] = await Promise.all([viewerId === null ? null : viewerContext(db, viewerId, member.id, facts), voucherDetails(db, recent)]);
  return {
    profile: toProfileDto(profile),
    user: { name: member.name, memberSince: member.createdAt.getUTCFullYear() },
    vouches: recent.map((v) => toPublicProfileVouch(v, names, slugs)),
    totalVouches: facts.vouchCount,
    stats: { vouchCount: facts.vouchCount, skillTags: facts.skillTags, traitTags: facts.traitTags },
    viewer,
  };
}

/** Where a received vouch sits in the profile's list (most recently accepted first): its paging cursor. */
export const acceptedCursor = (v: { acceptedAt: string; id: number }): Cursor => ({ at: v.acceptedAt, id: v.id });

/**
 * GET /api/profile/public/:slug/vouches — anyone, while the profile is public (else the same 404
 * as the page): all accepted vouches, most recently accepted first, one page (limit + 1 rows,
 * for sendPage) after the cursor; the same order and items as the profile's first three, so
 * "+ N more vouches" pages through them with no gap or duplicate. Counts no view (the page did).
 */
export async function publicProfileVouches(deps: ProfileDeps, slug: string, page: PageRequest): Promise<PublicProfileVouch[]> {
  const found = await findVisibleProfile(deps.db, slug);
  if (!found) throw await notShown(deps, slug);
  const rows = pageOf(byMostRecentlyAccepted(found.accepted), page, (v) => acceptedCursor(toPublicProfileVouch(v, new Map(), new Map())));
  const { names, slugs } = await voucherDetails(deps.db, rows);
  return rows.map((v) => toPublicProfileVouch(v, names, slugs));
}

/**
 * GET /api/profile/public/:slug/connection (signed in) — "How you're connected": a shortest path
 * of at most 3 accepted vouches from the caller to this member (trust-path.ts: bidirectional,
 * indexed neighbour lookups, never the whole graph), each person's reputation, each link's
 * trust and the weakest link. 404 "Profile Not Found - …" when the profile is unknown or
 * private; 400 on one's own profile; 404 "You and {name} are not connected within 3 degrees."
 */
export async function profileConnection(deps: ProfileDeps, slug: string, viewerId: number): Promise<ProfileConnection>;
export async function profileConnection(deps: ProfileDeps, slug: string, viewerId: number, states: boolean): Promise<ProfileConnectionState>;
/** With `states` (`?states=true`): no path is a 200 `{ connected: false, detail }`, not a 404 (issue 28). */
export async function profileConnection(deps: ProfileDeps, slug: string, viewerId: number, states = false): Promise<ProfileConnectionState> {
  const { db } = deps;
  const found = await findPublicMember(db, slug);
  if (!found) throw await notShown(deps, slug);
  const target = found.member;
  if (target.id === viewerId) throw problems.badRequest(PROFILE_MESSAGES.ownProfile);
  const path = await shortestPath(viewerId, target.id, CONNECTION_MAX_DEGREE, (ids) => acceptedNeighbourPairs(db, ids));
  const notConnected = () => {
    if (states) return { connected: false as const, detail: notConnectedMessage(target.name) };
    throw problems.notFound(notConnectedMessage(target.name));
  };
  if (!path) return notConnected();
  const members = new Map((await getMembers(db, path)).map((m) => [m.id, m]));
  const trust = trustLinks(path, new Map(path.map((id) => [id, members.get(id)?.reputationScore ?? 0])));
  if (!trust) return notConnected();
  return {
    degree: path.length - 1,
    people: path.map((id) => ({ id, name: members.get(id)?.name ?? 'A member', reputationScore: members.get(id)?.reputationScore ?? 0 })),
    links: trust.links,
    weakestLink: trust.weakestLink,
  };
}

/**
 * GET /api/profile/members/:memberId (signed in): the slug of a member's public profile, so the
 * map, matches, suggestions and activities can open it knowing only a member id. A read: it
 * never creates a profile (one asked about would then be public and in the sitemap). 404
 * "Profile Not Found - …" for an unknown member, one without a profile, or a private profile,
 * as its page would answer.
 */
export async function memberProfileRef(deps: ProfileDeps, memberId: number): Promise<MemberProfileRef> {
  const profile = await findProfileByMember(deps.db, memberId);
  if (!profile || !profile.isPublic) throw notFound();
  return { profileSlug: profile.slug };
}

/** What a link preview of /profile/:slug shows (title, description), and the page's first screen in its HTML. */
export interface PublicProfilePreview {
  slug: string;
  name: string;
  /** The member's own one line (role and company), if any. */
  headline: string | null;
  /** The year the member joined ("Member since"). */
  memberSince: number;
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
    headline: found.profile.headline,
    memberSince: found.member.createdAt.getUTCFullYear(),
    summary: found.facts.summary,
    customBio: found.profile.customBio,
    vouchCount: found.facts.vouchCount,
  };
}

/** A public profile as a sitemap lists it. */
export interface ListedProfile {
  slug: string;
  updatedAt: Date;
}

/**
 * The public profiles whose ids are in (afterId, throughId], in id order, one page of
 * `pageSize` rows at a time (an index range read each), so a sitemap of any size is written
 * without holding the table in memory.
 */
export async function* publicProfilesInRange(db: Database, range: { afterId: number; throughId: number }, pageSize = 1000): AsyncGenerator<ListedProfile[]> {
  let afterId = range.afterId;
  for (;;) {
    const page = await publicProfilesPage(db, { afterId, throughId: range.throughId, limit: pageSize });
    if (page.length === 0) return;
    yield page.map(({ slug, updatedAt }) => ({ slug, updatedAt }));
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** The highest profile id: the sitemap's id ranges end there. */
export const highestProfileId = lastProfileId;
