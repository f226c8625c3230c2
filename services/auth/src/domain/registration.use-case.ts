import { UniqueConstraintError } from 'sequelize';
import { problems, type AuthContext, type Database } from '@vouch/service-core';
import { findMemberRowByPhone, insertMember } from '../data-access/member.repository';
import { bindSessionToMember } from '../data-access/session.repository';
import type { Clock } from './clock';
import { memberName, type Member } from './member';

export const ALREADY_REGISTERED = 'This account is already registered.';

/** POST /api/auth/complete-registration: a verified session without a member becomes a member. */
export async function completeRegistration(
  db: Database,
  clock: Clock,
  auth: AuthContext | null,
  input: { firstName: string; lastName: string },
): Promise<Member> {
  if (!auth) throw problems.unauthorized();
  if (auth.memberId !== null) throw problems.conflict(ALREADY_REGISTERED);
  try {
    return await db.transaction(async (t) => {
      if (await findMemberRowByPhone(db, auth.phone, t)) throw problems.conflict(ALREADY_REGISTERED);
      const member = await insertMember(db, { phone: auth.phone, name: memberName(input.firstName, input.lastName), now: clock() }, t);
      await bindSessionToMember(db, auth.sessionId, member.id, t);
      return member;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw problems.conflict(ALREADY_REGISTERED);
    throw error;
  }
}
