// The public module of the vouches service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Nothing else leaves this package.
import { parse, type Database } from '@vouch/service-core';
import { getMember } from '@vouch/service-auth';
import { respondVouchBody, type RespondVouchInput, type Vouch } from '@vouch/contracts';
import { readVouchesConfig } from './config';
import type { VouchesDeps } from './domain/vouches-deps';
import { createVouch, respondToVouch, toCreateVouchCommand } from './features/vouching';
import service from './service';

export default service;
// What other services read, feature by feature (src/features/<name>/index.ts says what each offers).
export { listConnections, reachWithin, nearestWithin, closestSecondDegree, reachByConnector, acceptedVouchesFor, countAcceptedVouches, neighbourIdsOf } from './features/trust-paths';
export type { Connection, Reach, NearestHop, FirstHopReach, AcceptedVouch } from './features/trust-paths';
export { peopleWithWordPrefix, wordsOfPeople, searchCardsOf, SEARCH_FIELDS } from './features/people-search';
export type { SearchWordRow, SearchField } from './features/people-search';
export type { VouchText } from './domain/vouch';
export { ONBOARDING_VOUCH_THRESHOLD } from './features/reputation';
// A request asks for a reputation run; the worker runs it (its own entry: ./worker.ts).
export { requestReputationRecompute, reputationRunState } from './features/reputation';
export { isReleasedProfileUrl, publicProfilePreview, publicProfilesInRange, highestProfileId, flushProfileViews, profileViewCounts, PROFILE_VIEW_FLUSH_MS, type ProfileViewCounts } from './features/profiles';
export type { PublicProfilePreview, ListedProfile } from './features/profiles';
export { createMemberProfile, exportMemberData, forgetMember, vouchesMemberData } from './features/member-data';
export { publicVouchPreview, vouchBacksFor, vouchRecipientByToken, type PublicVouchPreview } from './features/vouching';
// Embedders (and the gateway's tests) mount the router with their own clock.
export { vouchesRouter, type VouchesRouterContext } from './router';

/** The use cases' dependencies outside a request: `now` fixes the clock (default: the real one). */
async function depsFor(db: Database, memberId: number, now?: Date, backgroundReputation?: boolean): Promise<{ deps: VouchesDeps; member: { memberId: number; phone: string } }> {
  const member = await getMember(db, memberId);
  if (!member) throw new Error(`There is no member ${memberId}.`);
  const deps: VouchesDeps = { db, clock: () => now ?? new Date(), expiryDays: readVouchesConfig(process.env).expiryDays, backgroundReputation };
  return { deps, member: { memberId, phone: member.phone } };
}

/**
 * The member `voucherId` creates a vouch, exactly as POST /api/vouches does (the same body,
 * rules, quota and activity; 400/402/409 as Problems) but outside a request: the demo network
 * of `npm run seed`. `now` is the creation instant (expiry counts from it).
 */
export async function createVouchAs(db: Database, voucherId: number, body: unknown, options: { now?: Date } = {}): Promise<Vouch> {
  const { deps, member } = await depsFor(db, voucherId, options.now);
  return createVouch(deps, member, toCreateVouchCommand(body, member));
}

/**
 * The member `memberId` (the recipient) accepts or declines a vouch, exactly as
 * PUT /api/vouches/respond does, outside a request (`npm run seed`). `now` is the answer's
 * instant. With `backgroundReputation: false` an acceptance does not schedule a reputation
 * recompute: the caller calls recomputeReputation once after its batch.
 */
export async function respondToVouchAs(db: Database, memberId: number, input: RespondVouchInput, options: { now?: Date; backgroundReputation?: boolean } = {}): Promise<Vouch> {
  const { deps, member } = await depsFor(db, memberId, options.now, options.backgroundReputation);
  return (await respondToVouch(deps, member, parse(respondVouchBody, input))).vouch;
}
