// The public module of the auth service (docs/architecture.md): its ServiceDefinition and the
// functions other services may call. Nothing else leaves this package.
import type { Transaction } from 'sequelize';
import type { AuthContext, Database, ServiceDefinition } from '@vouch/service-core';
import type { UserProfile } from '@vouch/contracts';
import { applyMemberStats, countMemberRows, findAllMembers, findMemberById, findMemberRowByPhone, findMembersByIds, findMembersFrom, setManyMemberStats, findReputations, updateMemberName } from './data-access/member.repository';
import { authConfigProblems } from './config';
import { migrations } from './data-access/migrations';
import { memberName, toUserProfile, type Member, type MemberStatsPatch } from './domain/member';
import { normalizePhone } from './domain/phone';
import { registerMemberByPhone } from './domain/registration.use-case';
import { findLiveSessionIds } from './data-access/session.repository';
import { authRouter, type AuthWiring } from './entry-points/api/auth.router';
import { endExpiredSessions as endExpired, type SessionsEndedListener } from './domain/session-end';
import { registerAuthOpenApi } from './entry-points/api/auth.openapi';

export type { Member, MemberStatsPatch, MemberStatField } from './domain/member';
export type { MemberChoices, MemberDataPart } from './domain/member-data';
export type { FindVouchRecipient } from './domain/sign-in.use-case';
export { normalizePhone } from './domain/phone';
export { explainSessionRefusal, resolveSession, type SessionClient } from './domain/session.use-case';
// Every way a session ends goes through one function (session-end.ts); a service that keeps
// something per session hears of each end through a listener given to createAuthService.
export type { EndedSession, SessionEndReason, SessionsEnded, SessionsEndedListener } from './domain/session-end';
export { memberWriteStamps } from './data-access/member-write-stamp.repository';
// Embedders (and the gateway's tests) mount the router with their own clock or OTP provider.
export { authRouter, type AuthRouterContext, type AuthWiring } from './entry-points/api/auth.router';
export type { OtpProvider } from './domain/otp';
export { TwilioOtpProvider } from './domain/twilio-otp-provider';

/** Which of these sessions still work: the notifications service delivers only to devices of a live session. */
export function liveSessionIds(db: Database, ids: readonly string[], now: Date = new Date()): Promise<Set<string>> {
  return findLiveSessionIds(db, ids, now);
}

/**
 * Who a session is signed in as, exactly as GET /api/auth/session names them (`user`): the
 * member's profile, or null without a session or before the names step. The gateway inlines it
 * in the web app's HTML (issue 41), so a page load asks once.
 */
export async function sessionUser(db: Database, auth: AuthContext | null | undefined): Promise<UserProfile | null> {
  const member = auth && auth.memberId !== null ? await findMemberById(db, auth.memberId) : null;
  return member ? toUserProfile(member) : null;
}

/** The member with this id, or null. */
export function getMember(db: Database, id: number, t?: Transaction): Promise<Member | null> {
  return findMemberById(db, id, t);
}

/** The members with these ids (unknown ids skipped, duplicates once), ordered by id. */
export function getMembers(db: Database, ids: readonly number[], t?: Transaction): Promise<Member[]> {
  return findMembersByIds(db, ids, t);
}

/**
 * The reputation scores of these members (unknown ids absent): the matcher scores thousands of
 * people within reach and needs nothing else of them (getMembers reads every column).
 */
export function getReputations(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  return findReputations(db, ids);
}

/** Every member, ordered by id (whole-network computations such as the reputation model). */
export function listMembers(db: Database, t?: Transaction): Promise<Member[]> {
  return findAllMembers(db, t);
}

/** The members from this id up, ordered by id (the worker's reading of members who joined since its last run). */
export function listMembersFrom(db: Database, fromId: number, t?: Transaction): Promise<Member[]> {
  return findMembersFrom(db, fromId, t);
}

/** How many members there are (the landing page's members count; the worker's check that none left). */
export function countMembers(db: Database, t?: Transaction): Promise<number> {
  return countMemberRows(db, t);
}

/** The member registered with this phone (any North American spelling), or null. */
export async function findMemberByPhone(db: Database, phone: string, t?: Transaction): Promise<Member | null> {
  const e164 = normalizePhone(phone);
  return e164 ? findMemberRowByPhone(db, e164, t) : null;
}

/**
 * The only writer of a member's counters and scores (with writeMemberStats). A number sets the field; `{ increment: n }`
 * adds n in SQL (race-free). Pass the caller's transaction to change stats atomically with
 * its own writes. Returns the updated member, or null when there is no such member.
 */
export async function updateMemberStats(db: Database, memberId: number, patch: MemberStatsPatch, t?: Transaction): Promise<Member | null> {
  const run = async (tx: Transaction) => {
    const found = await applyMemberStats(db, memberId, patch, new Date(), tx);
    return found ? findMemberById(db, memberId, tx) : null;
  };
  return t ? run(t) : db.transaction(run);
}

/**
 * Sets the stats of many members in one statement, without reading any back: each row's patch
 * holds values to set (no increments: a TypeError). For the worker's reputation run, which writes
 * hundreds of rows per run and needs none of them returned.
 */
export function writeMemberStats(db: Database, rows: readonly (readonly [number, MemberStatsPatch])[], t: Transaction): Promise<void> {
  return setManyMemberStats(db, rows, new Date(), t);
}

/**
 * Locks these members' rows until `t` ends (MySQL/MariaDB: one SELECT … FOR UPDATE, in id
 * order; SQLite's single writer needs none). For a transaction that will change their counters
 * after writing rows that reference them: the foreign-key check of such a write takes a shared
 * lock on the member's row, and two transactions each holding one and wanting to upgrade it
 * deadlock. A locking read sets no snapshot: the transaction's later reads still see the newest
 * commits.
 */
export async function lockMembers(db: Database, memberIds: readonly number[], t: Transaction): Promise<void> {
  if (db.dialect !== 'mysql' || memberIds.length === 0) return;
  await db.sequelize.query('SELECT `id` FROM `members` WHERE `id` IN (:ids) ORDER BY `id` FOR UPDATE', { replacements: { ids: [...new Set(memberIds)] }, transaction: t });
}

/**
 * The member changes their name (profile settings) to "First Last"; the parts are already
 * validated and trimmed by the caller. Pass the caller's transaction to change it atomically
 * with its own writes. False when there is no such member.
 */
export function renameMember(db: Database, memberId: number, name: { firstName: string; lastName: string }, t?: Transaction): Promise<boolean> {
  return updateMemberName(db, memberId, memberName(name.firstName, name.lastName), new Date(), t);
}

/**
 * Registers a member with this phone and name without a sign-in (the demo network of
 * `npm run seed`; a person registers through the sign-in flow instead). 400 for a phone that
 * is not North American, 409 when a member already has it. `now` is the account's creation
 * instant (default: now).
 */
export function registerMember(db: Database, input: { phone: string; firstName: string; lastName: string }, now?: Date): Promise<Member> {
  return registerMemberByPhone(db, () => now ?? new Date(), input);
}

/**
 * Ends the sessions whose time ran out, telling `listeners` (the same ones given to
 * createAuthService) in the transaction that ends them; returns how many ended. The auth router
 * runs this at most once a minute per process; a worker or a script may too.
 */
export function endExpiredSessions(db: Database, listeners: readonly SessionsEndedListener[], now: Date = new Date()): Promise<number> {
  return endExpired({ db, listeners }, now);
}

/**
 * The auth service, given what it needs from the services that import it (the gateway composes
 * them: api-gateway/src/services.ts). Without `vouchRecipient` every vouch link is unknown;
 * without `memberDataParts` export and deletion answer 503; `sessionsEnded` hear of every
 * session that ends.
 */
export function createAuthService(wiring: AuthWiring = {}): ServiceDefinition {
  return {
    name: 'auth',
    prefixes: ['/api/auth', '/api/user', '/api/dev', '/api/account'],
    migrations,
    router: (ctx) => authRouter({ ...ctx, ...wiring }),
    openapi: registerAuthOpenApi,
    checkConfig: authConfigProblems,
  };
}

/** Auth on its own, without the other services (tests, `services/auth/src/server.ts`). */
const authService = createAuthService();

export default authService;
