import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
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
  /** That member's members.write_stamp (member-write-stamp.repository.ts), 0 without a member. */
  writeStamp: number;
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

/**
 * One indexed lookup (unique token_hash) joined with the member of the same phone, and that
 * member's write stamp. A plain query: it is behind every signed-in request the session cache does
 * not answer (every member's first in a while), and Sequelize's finder with an include cost more
 * CPU than the query (bench/gateway.bench.mjs).
 */
export async function findLiveSessionByTokenHash(db: Database, tokenHash: string, now: Date): Promise<SessionRecord | null> {
  const [row] = await db.select<Record<string, unknown>>(
    `SELECT s.id, s.phone, s.member_id AS memberId, s.expires_at AS expiresAt, s.last_seen_at AS lastSeenAt, s.ends_at AS endsAt,
       m.id AS phoneMemberId, COALESCE(bound.write_stamp, m.write_stamp, 0) AS writeStamp
     FROM sessions s
     LEFT JOIN members bound ON bound.id = s.member_id
     LEFT JOIN members m ON m.phone = s.phone
     WHERE s.token_hash = :tokenHash AND s.revoked_at IS NULL`,
    { tokenHash },
  );
  if (!row) return null;
  const expiresAt = new Date(row.expiresAt as string | Date);
  const endsAt = new Date(row.endsAt as string | Date);
  // Expiry is decided here, to the millisecond, not in the SQL: a Date replacement went through
  // Sequelize's moment-based formatting on every signed-in request, for one row the key finds anyway.
  if (expiresAt.getTime() <= now.getTime() || endsAt.getTime() <= now.getTime()) return null;
  const memberId = row.memberId ?? row.phoneMemberId ?? null;
  return {
    id: String(row.id),
    phone: String(row.phone),
    memberId: memberId === null ? null : Number(memberId),
    expiresAt,
    lastSeenAt: new Date(row.lastSeenAt as string | Date),
    endsAt,
    writeStamp: Number(row.writeStamp),
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
