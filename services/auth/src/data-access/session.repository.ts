import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

export interface SessionRecord {
  id: string;
  phone: string;
  /** The member bound to the session, or the member registered for its phone since. */
  memberId: number | null;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The absolute end the sliding expiry never passes. */
  endsAt: Date;
}

export async function insertSession(
  db: Database,
  input: { tokenHash: string; phone: string; memberId: number | null; expiresAt: Date; endsAt: Date; now: Date },
  t?: Transaction,
): Promise<string> {
  const id = randomUUID();
  await authModels(db.sequelize).Session.create(
    { id, tokenHash: input.tokenHash, phone: input.phone, memberId: input.memberId, expiresAt: input.expiresAt, endsAt: input.endsAt, lastSeenAt: input.now, createdAt: input.now },
    { transaction: t, silent: true },
  );
  return id;
}

/** One indexed lookup (unique token_hash) joined with the member of the same phone. */
export async function findLiveSessionByTokenHash(db: Database, tokenHash: string, now: Date): Promise<SessionRecord | null> {
  const { Session, Member } = authModels(db.sequelize);
  const row = await Session.findOne({
    attributes: ['id', 'phone', 'memberId', 'expiresAt', 'lastSeenAt', 'endsAt'],
    where: { tokenHash, revokedAt: null, expiresAt: { [Op.gt]: now }, endsAt: { [Op.gt]: now } },
    include: [{ model: Member, as: 'member', attributes: ['id'], required: false }],
    // A plain row (the member's id nested under `member`): this read is behind every signed-in
    // request the session cache does not answer, and a model instance costs more than the query.
    raw: true,
    nest: true,
  });
  if (!row) return null;
  const r = row as unknown as Record<string, unknown> & { member?: { id: number | null } | null };
  const memberId = r.memberId ?? r.member?.id ?? null;
  return {
    id: String(r.id),
    phone: String(r.phone),
    memberId: memberId === null ? null : Number(memberId),
    expiresAt: new Date(r.expiresAt as string | Date),
    lastSeenAt: new Date(r.lastSeenAt as string | Date),
    endsAt: new Date(r.endsAt as string | Date),
  };
}

/** Why a token matches no live session: revoked (signed out, replaced, account deleted), expired, or unknown. */
export async function findSessionRefusal(db: Database, tokenHash: string, now: Date): Promise<'expired' | 'revoked' | 'unknown'> {
  const row = await authModels(db.sequelize).Session.findOne({ attributes: ['expiresAt', 'endsAt', 'revokedAt'], where: { tokenHash }, raw: true });
  if (!row) return 'unknown';
  const r = row as unknown as { expiresAt: string | Date; endsAt: string | Date | null; revokedAt: string | Date | null };
  if (r.revokedAt !== null) return 'revoked';
  const end = Math.min(new Date(r.expiresAt).getTime(), r.endsAt === null ? -Infinity : new Date(r.endsAt).getTime());
  return end <= now.getTime() ? 'expired' : 'unknown';
}

/** A live session's current expiry (it slides forward on use), or null. */
export async function findSessionExpiry(db: Database, id: string): Promise<Date | null> {
  const row = await authModels(db.sequelize).Session.findOne({ attributes: ['expiresAt'], where: { id, revokedAt: null }, raw: true });
  return row ? new Date((row as unknown as { expiresAt: string | Date }).expiresAt) : null;
}

export async function touchSession(db: Database, id: string, now: Date, expiresAt: Date, t?: Transaction): Promise<void> {
  await authModels(db.sequelize).Session.update({ lastSeenAt: now, expiresAt }, { where: { id, revokedAt: null }, transaction: t });
}

export async function revokeSession(db: Database, id: string, now: Date, t?: Transaction): Promise<void> {
  await authModels(db.sequelize).Session.update({ revokedAt: now }, { where: { id, revokedAt: null }, transaction: t });
}

export async function bindSessionToMember(db: Database, id: string, memberId: number, t?: Transaction): Promise<void> {
  await authModels(db.sequelize).Session.update({ memberId }, { where: { id }, transaction: t });
}
