import { randomUUID } from 'node:crypto';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
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

/** Who opened a session: what the sessions list shows of it. */
export interface SessionClientFacts {
  userAgent: string | null;
  addressPrefix: string | null;
  kind: 'cookie' | 'token';
  deviceHash: string | null;
}

/** A new session, opened by a sign-in code just entered (so it counts as re-verified now). */
export async function insertSession(
  db: Database,
  input: { tokenHash: string; phone: string; memberId: number | null; expiresAt: Date; endsAt: Date; now: Date; client?: SessionClientFacts },
  t?: Transaction,
): Promise<string> {
  const id = randomUUID();
  const client = input.client;
  await authModels(db.sequelize).Session.create(
    {
      id,
      tokenHash: input.tokenHash,
      phone: input.phone,
      memberId: input.memberId,
      expiresAt: input.expiresAt,
      endsAt: input.endsAt,
      lastSeenAt: input.now,
      createdAt: input.now,
      reverifiedAt: input.now,
      userAgent: client?.userAgent?.slice(0, 255) ?? null,
      addressPrefix: client?.addressPrefix ?? null,
      kind: client?.kind ?? null,
      deviceHash: client?.deviceHash ?? null,
    },
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

/** The sliding expiry moves on; with `addressPrefix`, where the session was used last too. */
export async function touchSession(db: Database, id: string, now: Date, expiresAt: Date, t?: Transaction, addressPrefix?: string | null): Promise<void> {
  const values = addressPrefix ? { lastSeenAt: now, expiresAt, addressPrefix } : { lastSeenAt: now, expiresAt };
  await authModels(db.sequelize).Session.update(values, { where: { id, revokedAt: null }, transaction: t });
}

/** Which of these sessions still work (not ended, not expired): the notifications service delivers only to their devices. */
export async function findLiveSessionIds(db: Database, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select<{ id: string; expiresAt: string | Date; endsAt: string | Date }>(
    'SELECT id, expires_at AS expiresAt, ends_at AS endsAt FROM sessions WHERE id IN (:ids) AND revoked_at IS NULL AND ended_at IS NULL',
    { ids: [...new Set(ids)] },
  );
  return new Set(rows.filter((row) => new Date(row.expiresAt).getTime() > now.getTime() && new Date(row.endsAt).getTime() > now.getTime()).map((row) => String(row.id)));
}

/** A live session as its member's sessions list shows it. */
export interface LiveSessionRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  addressPrefix: string | null;
  kind: 'cookie' | 'token' | null;
}

const live = (now: Date) => ({ revokedAt: null, endedAt: null, expiresAt: { [Op.gt]: now } });
const ofMember = (member: { id: number; phone: string }) => ({ [Op.or]: [{ memberId: member.id }, { phone: member.phone }] });

/** The member's live sessions (bound to them, or opened with their phone), most recently used first, at most `limit`. */
export async function listLiveSessions(db: Database, member: { id: number; phone: string }, now: Date, limit: number): Promise<LiveSessionRow[]> {
  const rows = await authModels(db.sequelize).Session.findAll({
    attributes: ['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'userAgent', 'addressPrefix', 'kind'],
    where: { [Op.and]: [live(now), ofMember(member)] },
    order: [['lastSeenAt', 'DESC'], ['createdAt', 'DESC']],
    limit,
    raw: true,
  });
  return rows.map((row) => {
    const r = row as unknown as Record<string, unknown>;
    return {
      id: String(r.id),
      createdAt: new Date(r.createdAt as string | Date),
      lastSeenAt: new Date(r.lastSeenAt as string | Date),
      expiresAt: new Date(r.expiresAt as string | Date),
      userAgent: r.userAgent ? String(r.userAgent) : null,
      addressPrefix: r.addressPrefix ? String(r.addressPrefix) : null,
      kind: r.kind === 'cookie' || r.kind === 'token' ? r.kind : null,
    };
  });
}

/** A session about to end, as the end function reads it. */
export interface EndingSessionRow {
  id: string;
  memberId: number | null;
  phone: string;
  deviceHash: string | null;
}

/** Which sessions to end: these ids, a member's (all, or all but one), or those whose time ran out. */
export type SessionSelection =
  | { kind: 'ids'; ids: readonly string[]; member?: { id: number; phone: string } }
  | { kind: 'member'; member: { id: number; phone: string }; except?: string }
  | { kind: 'expired'; now: Date; limit: number };

/**
 * The sessions of `selection` that have not ended yet, locked until `t` ends (MySQL/MariaDB;
 * SQLite has one writer): two requests ending the same session do not both report it.
 */
export async function findSessionsToEnd(db: Database, selection: SessionSelection, t: Transaction): Promise<EndingSessionRow[]> {
  const notEnded = { endedAt: null, revokedAt: null };
  let where: WhereOptions;
  let limit: number | undefined;
  switch (selection.kind) {
    case 'ids':
      if (selection.ids.length === 0) return [];
      where = { [Op.and]: [notEnded, { id: [...selection.ids] }, ...(selection.member ? [ofMember(selection.member)] : [])] };
      break;
    case 'member':
      where = { [Op.and]: [notEnded, ofMember(selection.member), ...(selection.except ? [{ id: { [Op.ne]: selection.except } }] : [])] };
      break;
    case 'expired':
      where = { [Op.and]: [notEnded, { expiresAt: { [Op.lte]: selection.now } }] };
      limit = selection.limit;
      break;
  }
  const rows = await authModels(db.sequelize).Session.findAll({
    attributes: ['id', 'memberId', 'phone', 'deviceHash'],
    where,
    order: [['expiresAt', 'ASC']],
    ...(limit !== undefined ? { limit } : {}),
    transaction: t,
    lock: db.dialect === 'mysql' ? t.LOCK.UPDATE : undefined,
    raw: true,
  });
  return rows.map((row) => {
    const r = row as unknown as Record<string, unknown>;
    return { id: String(r.id), memberId: r.memberId === null || r.memberId === undefined ? null : Number(r.memberId), phone: String(r.phone), deviceHash: r.deviceHash ? String(r.deviceHash) : null };
  });
}

/**
 * Marks the sessions ended now, for `reason`. A session that ran out is not revoked (a token
 * presented afterwards is still told SESSION_EXPIRED); every other end revokes it.
 */
export async function markSessionsEnded(db: Database, ids: readonly string[], input: { now: Date; reason: string; revoke: boolean }, t: Transaction): Promise<void> {
  if (ids.length === 0) return;
  const values = input.revoke ? { endedAt: input.now, endReason: input.reason, revokedAt: input.now } : { endedAt: input.now, endReason: input.reason };
  await authModels(db.sequelize).Session.update(values, { where: { id: [...ids], endedAt: null }, transaction: t });
}

/** When the session's member last entered a fresh code in it (its sign-in counts), or null for no live session. */
export async function findSessionReverifiedAt(db: Database, id: string): Promise<Date | null> {
  const row = await authModels(db.sequelize).Session.findOne({ attributes: ['reverifiedAt', 'createdAt'], where: { id, revokedAt: null }, raw: true });
  if (!row) return null;
  const r = row as unknown as { reverifiedAt: string | Date | null; createdAt: string | Date };
  return new Date(r.reverifiedAt ?? r.createdAt);
}

export async function setSessionReverified(db: Database, id: string, now: Date): Promise<void> {
  await authModels(db.sequelize).Session.update({ reverifiedAt: now }, { where: { id, revokedAt: null } });
}

export async function bindSessionToMember(db: Database, id: string, memberId: number, t?: Transaction): Promise<void> {
  await authModels(db.sequelize).Session.update({ memberId }, { where: { id }, transaction: t });
}

/** The device a session signed in on (its device token's hash), or null. */
export async function findSessionDeviceHash(db: Database, id: string): Promise<string | null> {
  const row = await authModels(db.sequelize).Session.findOne({ attributes: ['deviceHash'], where: { id }, raw: true });
  const hash = (row as unknown as { deviceHash: string | null } | null)?.deviceHash;
  return hash ? String(hash) : null;
}
