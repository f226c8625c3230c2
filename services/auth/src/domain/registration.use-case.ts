import { UniqueConstraintError } from 'sequelize';
import { problems, type AuthContext, type Database, type Logger } from '@vouch/service-core';
import { findMemberRowByPhone, insertMember } from '../data-access/member.repository';
import { bindSessionToMember } from '../data-access/session.repository';
import type { Clock } from './clock';
import { memberName, type Member } from './member';
import { startMemberData, type MemberDataPart } from './member-data';
import { normalizePhone } from './phone';

export const ALREADY_REGISTERED = 'This account is already registered.';

/**
 * POST /api/auth/complete-registration: a verified session without a member becomes a member,
 * and the other services start their rows for them (the profile, with the visibility chosen),
 * after the commit and best effort (startMemberData): the member's commit is the success.
 */
export async function completeRegistration(
  db: Database,
  clock: Clock,
  auth: AuthContext | null,
  input: { firstName: string; lastName: string; isPublic?: boolean | undefined },
  parts: readonly MemberDataPart[] | undefined,
  logger: Pick<Logger, 'error'>,
): Promise<Member> {
  if (!auth) throw problems.unauthorized();
  if (auth.memberId !== null) throw problems.conflict(ALREADY_REGISTERED, 'ALREADY_REGISTERED');
  const now = clock();
  let member: Member;
  try {
    member = await db.transaction(async (t) => {
      if (await findMemberRowByPhone(db, auth.phone, t)) throw problems.conflict(ALREADY_REGISTERED, 'ALREADY_REGISTERED');
      const created = await insertMember(db, { phone: auth.phone, name: memberName(input.firstName, input.lastName), now }, t);
      await bindSessionToMember(db, auth.sessionId, created.id, t);
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw problems.conflict(ALREADY_REGISTERED, 'ALREADY_REGISTERED');
    throw error;
  }
  // Best effort (logged): once the member committed, the answer is theirs.
  await startMemberData(parts, db, member, { isPublic: input.isPublic ?? true }, now, logger);
  return member;
}

/**
 * Registers a member without a session (the demo network of `npm run seed`): the phone is
 * normalised (400 when it is not a North American number) and must be free (409 when a
 * member already has it). `clock` sets the account's creation instant.
 */
export async function registerMemberByPhone(db: Database, clock: Clock, input: { phone: string; firstName: string; lastName: string }): Promise<Member> {
  const phone = normalizePhone(input.phone);
  if (!phone) throw problems.badRequest('Please enter a valid US phone number, e.g. (555) 123-4567.', [{ field: 'phone', message: 'Please enter a valid US phone number, e.g. (555) 123-4567.' }]);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw problems.badRequest('First and last name are required.');
  try {
    return await db.transaction(async (t) => {
      if (await findMemberRowByPhone(db, phone, t)) throw problems.conflict(ALREADY_REGISTERED, 'ALREADY_REGISTERED');
      return insertMember(db, { phone, name: memberName(firstName, lastName), now: clock() }, t);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw problems.conflict(ALREADY_REGISTERED, 'ALREADY_REGISTERED');
    throw error;
  }
}
