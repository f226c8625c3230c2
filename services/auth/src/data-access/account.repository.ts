import { Op, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

/** A session as the member's data export shows it: when, never the token or its hash. */
export interface SessionSummary {
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/** The member's sessions (bound to the member or opened with their phone), oldest first. */
export async function listSessionSummaries(db: Database, member: { id: number; phone: string }, t?: Transaction): Promise<SessionSummary[]> {
  const rows = await authModels(db.sequelize).Session.findAll({
    attributes: ['createdAt', 'lastSeenAt', 'expiresAt', 'revokedAt'],
    where: { [Op.or]: [{ memberId: member.id }, { phone: member.phone }] },
    order: [['createdAt', 'ASC']],
    transaction: t,
  });
  return rows.map((row) => {
    const r = row.get({ plain: true }) as Record<string, unknown>;
    return { createdAt: iso(r.createdAt), lastSeenAt: iso(r.lastSeenAt), expiresAt: iso(r.expiresAt), revokedAt: r.revokedAt ? iso(r.revokedAt) : null };
  });
}

/**
 * Deletes everything auth holds about the member: every session (so each stops working at its
 * next request), the sign-in codes of the phone, the devices that signed in with it, and the member row; the phone is then free to
 * register again. Rate-limit buckets are kept: they expire on their own and guard against abuse.
 */
export async function deleteMemberRows(db: Database, t: Transaction, member: { id: number; phone: string }): Promise<void> {
  const { Session, OtpCode, Member, SignInDevice } = authModels(db.sequelize);
  await Session.destroy({ where: { [Op.or]: [{ memberId: member.id }, { phone: member.phone }] }, transaction: t });
  await OtpCode.destroy({ where: { phone: member.phone }, transaction: t });
  await SignInDevice.destroy({ where: { phone: member.phone }, transaction: t });
  await Member.destroy({ where: { id: member.id }, transaction: t });
}
