import type { Transaction } from 'sequelize';
import { EVERYONE, MEMBER_RECORDS, parse, Problem, problems, recordChanges, type Database } from '@vouch/service-core';
import { getMember, renameMember } from '@vouch/service-auth';
import { PROFILE_MESSAGES, RESERVED_PROFILE_SLUGS, slugChangesUsedMessage, slugTakenMessage, updateProfileBody, type UpdateProfileResponse } from '@vouch/contracts';
import { chosenSlugTimes, claimSlug, earlierSlugsOf, findProfileByMember, releaseSlugs, slugOwner, slugsLike, slugWasChosen, updateProfile as writeProfile, type ProfileRecord } from '../../../data-access/profile.repository';
import { touchVouchesAnsweredBy, touchVouchesGivenBy } from '../../../data-access/vouch.repository';
import { isSlugOf, nextFreeSlug, slugBase } from './profile-text';
import { nextUrlChangeAt, releaseHoldStart, urlsToLetGo } from './profile-urls';
import { ensureProfile, toProfileDto } from './profile';
import { indexPersonWords } from '../../people-search';
import type { ProfileDeps } from './profile-queries';
import { recordVouchChanges } from '../../../domain/vouch-sync';

/**
 * PATCH /api/profile: the member changes their name (first and last together), headline (role
 * and company, ≤ 120 characters), bio (≤ 500), whether the profile is public and its URL
 * (profileSlug: the contracts' rules; 409 PROFILE_URL_TAKEN when another member has or had
 * it). Absent fields stay; blank or null removes the headline or bio; unknown fields and bad
 * values are a 400 with the sentence of the first problem. Name, URL and profile change in one
 * transaction, so a failure leaves all as they were. A rename keeps the URL (shared links keep
 * working; the member may choose a new one); an earlier URL keeps answering and stays theirs,
 * the 10 most recent of them (older ones are let go: 410, nobody's for a year). A new URL no
 * member had is one of the 5 a year (429 PROFILE_URL_CHANGES_USED past them, with Retry-After);
 * going back to an earlier URL of one's own is free. A rename is a change of every vouch the
 * member gave (each shows their name) and of the member's record, which the lists of other
 * services that show names read (issue 45: synced copies follow), and of every vouch the member
 * answered (each shows its recipient's current name, issue 44). A member whose account was made
 * through a vouch link gives their name here first (the names step): that first time, a URL made
 * from the voucher's typed name, and not chosen since, is replaced by one made from the name they
 * give (the old one stays theirs and 301s, like any earlier URL). Returns the profile and name
 * as they now are.
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
  const patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'headline' | 'nameFromVoucher'>> = {};
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.customBio !== undefined) patch.customBio = input.customBio || null;
  if (input.headline !== undefined) patch.headline = input.headline || null;
  // The answer is read in the transaction too: once it commits nothing is left to fail, so a
  // connection lost after the commit cannot answer a saved change with an error.
  const naming = input.firstName !== undefined && input.lastName !== undefined;
  // The name the member gives replaces the voucher's: from now on, names are their own.
  if (naming && current.nameFromVoucher) patch.nameFromVoucher = false;
  const { profile, renamed } = await db.transaction(async (t) => {
    if (naming && (await renameMember(db, memberId, { firstName: input.firstName!, lastName: input.lastName! }, t))) {
      recordVouchChanges(db, t, [...(await touchVouchesGivenBy(db, t, memberId, now)), ...(await touchVouchesAnsweredBy(db, t, memberId, now))]);
      recordChanges(db, t, [{ audience: EVERYONE, list: MEMBER_RECORDS, objectId: memberId }]);
    }
    await writeProfile(db, memberId, patch, now, t);
    if (input.profileSlug !== undefined && input.profileSlug !== current.slug) await changeProfileUrl(db, t, memberId, input.profileSlug, now);
    const after = await getMember(db, memberId, t);
    if (naming && current.nameFromVoucher && input.profileSlug === undefined && after) await replaceVoucherNameUrl(db, t, current, after.name, now);
    // The search index follows the name, headline and visibility in the same transaction.
    await indexPersonWords(db, t, memberId, { name: after?.name ?? member.name, headline: true });
    return { profile: await findProfileByMember(db, memberId, t), renamed: after };
  });
  if (!profile || !renamed) throw problems.unauthorized();
  return { profile: toProfileDto(profile), user: { name: renamed.name } };
}

/**
 * Issue 44: the URL made at registration from the name a voucher typed becomes one made from the
 * name the member gave, unless they chose a URL since or the name gives the same one. Like a
 * registration's slug (ensureProfile: the next free number, reserved and released slugs skipped),
 * not one of the member's 5 chosen changes a year; the old URL stays theirs (a 301 to the new).
 */
async function replaceVoucherNameUrl(db: Database, t: Transaction, profile: ProfileRecord, name: string, now: Date): Promise<void> {
  const base = slugBase(name);
  if (isSlugOf(profile.slug, base) || (await slugWasChosen(db, profile.memberId, profile.slug, t))) return;
  const holdStart = releaseHoldStart(now);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const taken = await slugsLike(db, base, holdStart, t);
    const slug = nextFreeSlug(base, RESERVED_PROFILE_SLUGS.has(base) ? [base, ...taken] : taken);
    // Lost only to a concurrent claim of the same slug: the next read sees it taken.
    if (await claimSlug(db, t, { memberId: profile.memberId, slug, now, holdStart, chosen: false })) return;
  }
}

/**
 * The member's profile URL becomes `slug`, in `t`: a URL of their own again at no cost; a new one
 * within the year's bound, unless another member has it or it is held released (409); then their
 * earlier URLs beyond the 10 kept are let go.
 */
async function changeProfileUrl(db: Database, t: Transaction, memberId: number, slug: string, now: Date): Promise<void> {
  const holdStart = releaseHoldStart(now);
  if ((await slugOwner(db, slug, t)) !== memberId) {
    const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
    const nextAt = nextUrlChangeAt(await chosenSlugTimes(db, memberId, yearAgo, t), now);
    if (nextAt) {
      const message = slugChangesUsedMessage(nextAt.toISOString().slice(0, 10));
      const retryAfter = String(Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)));
      throw new Problem(429, message, { code: 'PROFILE_URL_CHANGES_USED', errors: [{ field: 'profileSlug', message }], headers: { 'Retry-After': retryAfter } });
    }
  }
  if (!(await claimSlug(db, t, { memberId, slug, now, holdStart }))) {
    const message = slugTakenMessage(slug);
    throw new Problem(409, message, { code: 'PROFILE_URL_TAKEN', errors: [{ field: 'profileSlug', message }] });
  }
  await releaseSlugs(db, t, { slugs: urlsToLetGo(await earlierSlugsOf(db, memberId, slug, t)), now, holdStart, memberId });
}
