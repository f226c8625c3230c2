import { Model, Op, type Transaction, type WhereOptions } from 'sequelize';
import { changedFirst, changedSinceWhere, instantReplacement, keysetAfter, type Database, type PageRequest } from '@vouch/service-core';
import { isVouchRelationship, type VouchRelationship, type VouchType } from '@vouch/contracts';
import { FORMER_MEMBER_ID, type VouchRecord, type VouchText } from '../domain/vouch';
import { vouchesModels } from './models';

const date = (value: unknown): Date => new Date(value as string | Date);
const nullableText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** A vouch row as a VouchRecord: a model instance, or the plain attributes of a `raw` read. */
export function toVouchRecord(row: Model | Record<string, unknown>): VouchRecord {
  const r = (row instanceof Model ? row.get({ plain: true }) : row) as Record<string, unknown>;
  return {
    id: Number(r.id),
    type: r.type as VouchRecord['type'],
    status: r.status as VouchRecord['status'],
    vouchToken: String(r.vouchToken),
    voucherId: r.voucherId === null || r.voucherId === undefined ? FORMER_MEMBER_ID : Number(r.voucherId),
    recipientName: String(r.recipientName),
    recipientPhone: String(r.recipientPhone),
    recipientId: r.recipientId === null || r.recipientId === undefined ? null : Number(r.recipientId),
    reason: nullableText(r.reason),
    skills: nullableText(r.skills),
    characterTraits: nullableText(r.characterTraits),
    accomplishments: nullableText(r.accomplishments),
    relationship: isVouchRelationship(r.relationship) ? r.relationship : null,
    createdAt: date(r.createdAt),
    acceptedAt: r.acceptedAt ? date(r.acceptedAt) : null,
    respondedAt: r.respondedAt ? date(r.respondedAt) : null,
    expiresAt: date(r.expiresAt),
    lastSharedAt: r.lastSharedAt ? date(r.lastSharedAt) : null,
    phonePrivate: r.phonePrivate === true || r.phonePrivate === 1 || r.phonePrivate === '1',
    // Rows written before the column existed were filled by its migration; never null after it.
    updatedAt: date(r.updatedAt ?? r.createdAt),
  };
}

export interface NewVouch extends VouchText {
  type: VouchType;
  vouchToken: string;
  voucherId: number;
  recipientName: string;
  recipientPhone: string;
  pendingKey: string;
  relationship: VouchRelationship | null;
  createdAt: Date;
  expiresAt: Date;
  /** Addressed by member id: the voucher never saw the phone. */
  phonePrivate?: boolean;
}

/** Inserts a pending vouch. A second pending vouch with the same pendingKey is a UniqueConstraintError. */
export async function insertVouch(db: Database, t: Transaction, vouch: NewVouch): Promise<VouchRecord> {
  const row = await vouchesModels(db.sequelize).Vouch.create({ ...vouch, status: 'pending', updatedAt: vouch.createdAt }, { transaction: t });
  return toVouchRecord(row);
}

/**
 * Frees the pending key if an expired, unanswered vouch holds it. The holder is found with a
 * plain read and freed by id, so no locks are taken unless there is something to free (a
 * locking UPDATE by key would deadlock concurrent creators waiting on the same key on MySQL).
 */
export async function releaseExpiredPendingKey(db: Database, t: Transaction, pendingKey: string, now: Date): Promise<void> {
  const { Vouch } = vouchesModels(db.sequelize);
  const holder = await Vouch.findOne({ attributes: ['id'], where: { pendingKey, expiresAt: { [Op.lte]: now } }, transaction: t });
  if (!holder) return;
  await Vouch.update({ pendingKey: null }, { where: { id: holder.get('id') as number, pendingKey }, transaction: t });
}

/** The id of the pending vouch that holds `pendingKey` (a 409 DUPLICATE names it), or null. */
export async function findPendingVouchIdByKey(db: Database, pendingKey: string): Promise<number | null> {
  const row = await vouchesModels(db.sequelize).Vouch.findOne({ attributes: ['id'], where: { pendingKey } });
  return row ? Number(row.get('id')) : null;
}

export async function findVouchByToken(db: Database, vouchToken: string, t?: Transaction): Promise<VouchRecord | null> {
  const row = await vouchesModels(db.sequelize).Vouch.findOne({ where: { vouchToken }, transaction: t });
  return row ? toVouchRecord(row) : null;
}

async function findAll(db: Database, where: WhereOptions, order: [string, 'ASC' | 'DESC'][], limit?: number): Promise<VouchRecord[]> {
  // Plain rows: building a model instance per vouch cost 1.5–2 ms for a list of 50, more than
  // the rest of the request (bench/gateway.bench.mjs). Dates come back as Date (MariaDB) or text
  // (SQLite); toVouchRecord reads both.
  const rows = await vouchesModels(db.sequelize).Vouch.findAll({ where, order, limit, raw: true });
  return rows.map((row) => toVouchRecord(row as unknown as Record<string, unknown>));
}

/** Every column of a vouch row, named as the model's attributes (toVouchRecord reads them). */
const VOUCH_COLUMNS = `id, type, status, token AS vouchToken, voucher_id AS voucherId, recipient_name AS recipientName,
  recipient_phone AS recipientPhone, recipient_id AS recipientId, reason, skills, character_traits AS characterTraits,
  accomplishments, created_at AS createdAt, accepted_at AS acceptedAt, responded_at AS respondedAt, expires_at AS expiresAt,
  last_shared_at AS lastSharedAt, updated_at AS updatedAt, phone_private AS phonePrivate, relationship`;

/**
 * Every vouch the member sent (any status, revoked ones too: Sent keeps them, marked Revoked), newest first. A plain query: behind every
 * GET /api/vouches/my, and Sequelize's finder (options, scopes, SQL built anew) cost about as much
 * CPU as the rows themselves (bench/gateway.bench.mjs).
 */
export async function listSentBy(db: Database, voucherId: number, page?: PageRequest): Promise<VouchRecord[]> {
  const after = page?.after ? ' AND (created_at < :at OR (created_at = :at AND id < :id))' : '';
  const rows = await db.select<Record<string, unknown>>(
    `SELECT ${VOUCH_COLUMNS} FROM vouches WHERE voucher_id = :voucherId${after} ORDER BY created_at DESC, id DESC${page ? ' LIMIT :rows' : ''}`,
    { voucherId, ...(page?.after ? { at: instantReplacement(db.dialect, page.after.at), id: page.after.id } : {}), ...(page ? { rows: page.limit + 1 } : {}) },
  );
  return rows.map(toVouchRecord);
}

/** Whose vouches a sync reads: the ones I sent, the ones I answered, or the ones sent to my phone (not by me). */
export type VouchOwner = { voucherId: number } | { recipientId: number } | { recipientPhone: string; exceptVoucherId: number };

/**
 * The owner's vouches changed at or after `since` (any status: revoked and expired too), oldest
 * change first (a page: limit + 1 rows after its cursor), by the owner's updated_at index.
 */
export function listChangedSince(db: Database, owner: VouchOwner, since: Date, page: PageRequest): Promise<VouchRecord[]> {
  const ownerWhere: WhereOptions =
    'recipientPhone' in owner
      ? { recipientPhone: owner.recipientPhone, [Op.or]: [{ voucherId: null }, { voucherId: { [Op.ne]: owner.exceptVoucherId } }] }
      : owner;
  return findAll(db, { [Op.and]: [ownerWhere, changedSinceWhere('updatedAt', since, page.after)] }, changedFirst('updatedAt'), page.limit + 1);
}

/** The SQL condition of an owner's vouches (named replacements :ownerId, :ownerPhone). */
function ownerCondition(owner: VouchOwner): { sql: string; replacements: Record<string, unknown> } {
  if ('voucherId' in owner) return { sql: 'voucher_id = :ownerId', replacements: { ownerId: owner.voucherId } };
  if ('recipientId' in owner) return { sql: 'recipient_id = :ownerId', replacements: { ownerId: owner.recipientId } };
  return { sql: 'recipient_phone = :ownerPhone AND (voucher_id IS NULL OR voucher_id <> :ownerId)', replacements: { ownerPhone: owner.recipientPhone, ownerId: owner.exceptVoucherId } };
}

/** The owner's vouches with an id above `afterId`, in any status, by id: at most `rows` (a sync's first pass). */
export async function listOwnedAfterId(db: Database, owner: VouchOwner, afterId: number, rows: number): Promise<VouchRecord[]> {
  const where = ownerCondition(owner);
  const found = await db.select<Record<string, unknown>>(`SELECT ${VOUCH_COLUMNS} FROM vouches WHERE ${where.sql} AND id > :afterId ORDER BY id LIMIT :rows`, { ...where.replacements, afterId, rows });
  return found.map(toVouchRecord);
}

/** Those of these vouches the owner has (a sync reads the changed ones as they now are). */
export async function listOwnedByIds(db: Database, owner: VouchOwner, ids: readonly number[]): Promise<VouchRecord[]> {
  if (ids.length === 0) return [];
  const where = ownerCondition(owner);
  const found = await db.select<Record<string, unknown>>(`SELECT ${VOUCH_COLUMNS} FROM vouches WHERE ${where.sql} AND id IN (:ids)`, { ...where.replacements, ids: [...ids] });
  return found.map(toVouchRecord);
}

/**
 * Marks every vouch the member gave changed at `now` (their name, which each shows, changed) and
 * returns them: the web's `updated_since` sees them again, and the caller records them for sync.
 */
export async function touchVouchesGivenBy(db: Database, t: Transaction, voucherId: number, now: Date): Promise<VouchRecord[]> {
  const { Vouch } = vouchesModels(db.sequelize);
  await Vouch.update({ updatedAt: now }, { where: { voucherId }, transaction: t });
  const rows = await Vouch.findAll({ where: { voucherId }, transaction: t });
  return rows.map(toVouchRecord);
}

/**
 * The same for every vouch the member answered (issue 44: each shows its recipient's current
 * name once a member answered it), by the index on recipient_id.
 */
export async function touchVouchesAnsweredBy(db: Database, t: Transaction, recipientId: number, now: Date): Promise<VouchRecord[]> {
  const { Vouch } = vouchesModels(db.sequelize);
  await Vouch.update({ updatedAt: now }, { where: { recipientId }, transaction: t });
  const rows = await Vouch.findAll({ where: { recipientId }, transaction: t });
  return rows.map(toVouchRecord);
}

/** Pending vouches to this phone that can still be answered, newest first (a page: limit + 1 rows after its cursor). */
export function listPendingForPhone(db: Database, phone: string, now: Date, page?: PageRequest, exceptVoucherId?: number): Promise<VouchRecord[]> {
  const where: WhereOptions = { recipientPhone: phone, status: 'pending', expiresAt: { [Op.gt]: now }, ...(exceptVoucherId === undefined ? {} : { voucherId: { [Op.ne]: exceptVoucherId } }) };
  return findAll(db, { [Op.and]: [where, keysetAfter(page?.after ?? null, 'createdAt')] }, [['createdAt', 'DESC'], ['id', 'DESC']], page && page.limit + 1);
}

/** Vouches the member accepted, most recently accepted first (a page: limit + 1 rows after its cursor). */
export function listAcceptedBy(db: Database, recipientId: number, page?: PageRequest): Promise<VouchRecord[]> {
  return findAll(db, { [Op.and]: [{ recipientId, status: 'accepted' }, keysetAfter(page?.after ?? null, 'acceptedAt')] }, [['acceptedAt', 'DESC'], ['id', 'DESC']], page && page.limit + 1);
}

/**
 * Answers a vouch if, and only if, it is still pending and unexpired at `now`: one conditional
 * UPDATE, so of any number of concurrent answers exactly one changes the row. Returns whether
 * this call did.
 */
export async function answerPendingVouch(
  db: Database,
  t: Transaction,
  input: { id: number; status: 'accepted' | 'rejected'; recipientId: number | null; now: Date; relationship?: VouchRelationship },
): Promise<boolean> {
  const [affected] = await vouchesModels(db.sequelize).Vouch.update(
    {
      status: input.status,
      recipientId: input.recipientId,
      respondedAt: input.now,
      acceptedAt: input.status === 'accepted' ? input.now : null,
      pendingKey: null,
      updatedAt: input.now,
      // The recipient's correction, if they made one; else the voucher's choice stays.
      ...(input.relationship ? { relationship: input.relationship } : {}),
    },
    { where: { id: input.id, status: 'pending', expiresAt: { [Op.gt]: input.now } }, transaction: t },
  );
  return affected === 1;
}

export async function findVouchById(db: Database, id: number, t?: Transaction): Promise<VouchRecord | null> {
  const row = await vouchesModels(db.sequelize).Vouch.findByPk(id, { transaction: t });
  return row ? toVouchRecord(row) : null;
}

/** Accepted vouches received by any of these members, oldest first. */
export function listAcceptedReceivedBy(db: Database, memberIds: readonly number[]): Promise<VouchRecord[]> {
  const ids = [...new Set(memberIds.filter((id) => Number.isSafeInteger(id)))];
  if (ids.length === 0) return Promise.resolve([]);
  return findAll(db, { recipientId: { [Op.in]: ids }, status: 'accepted' }, [['acceptedAt', 'ASC'], ['id', 'ASC']]);
}

/** Accepted vouches: the landing page's "Vouches Given" (issue 44: it counted pending ones too). */
export function countAcceptedVouches(db: Database): Promise<number> {
  return vouchesModels(db.sequelize).Vouch.count({ where: { status: 'accepted' } });
}

/** Stamps when the voucher shared a pending vouch's link; false when it is not (or no longer) their pending vouch. */
export async function markPendingVouchShared(db: Database, t: Transaction, input: { id: number; voucherId: number; now: Date }): Promise<boolean> {
  const [affected] = await vouchesModels(db.sequelize).Vouch.update(
    { lastSharedAt: input.now, updatedAt: input.now },
    { where: { id: input.id, voucherId: input.voucherId, status: 'pending' }, transaction: t },
  );
  return affected === 1;
}

/**
 * Revokes a vouch if, and only if, it is still pending and `voucherId` sent it: one
 * conditional UPDATE, so a revocation racing an answer leaves exactly one winner. The pending
 * key is freed (a new vouch to the same phone may follow). Returns whether this call did.
 */
export async function revokePendingVouch(db: Database, t: Transaction, input: { id: number; voucherId: number; now: Date }): Promise<boolean> {
  const [affected] = await vouchesModels(db.sequelize).Vouch.update(
    { status: 'revoked', respondedAt: input.now, pendingKey: null, updatedAt: input.now },
    { where: { id: input.id, voucherId: input.voucherId, status: 'pending' }, transaction: t },
  );
  return affected === 1;
}

/** Whether the member has a pending or accepted vouch to this phone (Vouch back is not offered then). */
/** Of these phones, those `voucherId` has a pending or accepted vouch to (one read for a list, e.g. the vouch-back offers). */
export async function phonesWithLiveVouchFrom(db: Database, voucherId: number, recipientPhones: readonly string[]): Promise<Set<string>> {
  if (recipientPhones.length === 0) return new Set();
  const rows = await vouchesModels(db.sequelize).Vouch.findAll({ where: { voucherId, recipientPhone: { [Op.in]: [...recipientPhones] }, status: { [Op.in]: ['pending', 'accepted'] } }, attributes: ['recipientPhone'], raw: true });
  return new Set(rows.map((row) => (row as unknown as { recipientPhone: string }).recipientPhone));
}

export async function hasLiveVouchTo(db: Database, voucherId: number, recipientPhone: string, t?: Transaction): Promise<boolean> {
  const found = await vouchesModels(db.sequelize).Vouch.findOne({ where: { voucherId, recipientPhone, status: { [Op.in]: ['pending', 'accepted'] } }, attributes: ['id'], raw: true, transaction: t });
  return found !== null;
}
