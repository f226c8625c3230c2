// The public module of the auth service (docs/architecture.md): its ServiceDefinition and the
// functions other services may call. Nothing else leaves this package.
import type { Transaction } from 'sequelize';
import type { Database, ServiceDefinition } from '@vouch/service-core';
import { applyMemberStats, countMemberRows, findAllMembers, findMemberById, findMemberRowByPhone, findMembersByIds } from './data-access/member.repository';
import { migrations } from './data-access/migrations';
import type { Member, MemberStatsPatch } from './domain/member';
import { normalizePhone } from './domain/phone';
import { registerMemberByPhone } from './domain/registration.use-case';
import { authRouter } from './entry-points/api/auth.routes';
import { registerAuthOpenApi } from './entry-points/api/openapi';

export type { Member, MemberStatsPatch, MemberStatField, UserDto } from './domain/member';
export type { MemberDataPart } from './domain/member-data';
export { normalizePhone } from './domain/phone';
export { resolveSession } from './domain/session.use-case';

/** The member with this id, or null. */
export function getMember(db: Database, id: number, t?: Transaction): Promise<Member | null> {
  return findMemberById(db, id, t);
}

/** The members with these ids (unknown ids skipped, duplicates once), ordered by id. */
export function getMembers(db: Database, ids: readonly number[], t?: Transaction): Promise<Member[]> {
  return findMembersByIds(db, ids, t);
}

/** Every member, ordered by id (whole-network computations such as the reputation model). */
export function listMembers(db: Database, t?: Transaction): Promise<Member[]> {
  return findAllMembers(db, t);
}

/** How many members there are (the landing page's members count). */
export function countMembers(db: Database): Promise<number> {
  return countMemberRows(db);
}

/** The member registered with this phone (any North American spelling), or null. */
export async function findMemberByPhone(db: Database, phone: string, t?: Transaction): Promise<Member | null> {
  const e164 = normalizePhone(phone);
  return e164 ? findMemberRowByPhone(db, e164, t) : null;
}

/**
 * The only writer of a member's counters and scores. A number sets the field; `{ increment: n }`
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
 * Registers a member with this phone and name without a sign-in (the demo network of
 * `npm run seed`; a person registers through the sign-in flow instead). 400 for a phone that
 * is not North American, 409 when a member already has it. `now` is the account's creation
 * instant (default: now).
 */
export function registerMember(db: Database, input: { phone: string; firstName: string; lastName: string }, now?: Date): Promise<Member> {
  return registerMemberByPhone(db, () => now ?? new Date(), input);
}

const authService: ServiceDefinition = {
  name: 'auth',
  prefixes: ['/api/auth', '/api/user', '/api/dev', '/api/account'],
  migrations,
  router: (ctx) => authRouter(ctx),
  openapi: registerAuthOpenApi,
};

export default authService;
