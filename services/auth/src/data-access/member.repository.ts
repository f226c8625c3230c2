import { Model, Op, QueryTypes, UniqueConstraintError, literal, type Transaction } from 'sequelize';
import { idList, type Database } from '@vouch/service-core';
import { MEMBER_STAT_FIELDS, type Member, type MemberStatsPatch } from '../domain/member';
import { authModels } from './models';

/** A member row as a Member: a model instance, or the plain attributes of a `raw` read. */
function toMember(row: Model | Record<string, unknown>): Member {
  const r = (row instanceof Model ? row.get({ plain: true }) : row) as Record<string, unknown>;
  return {
    id: Number(r.id),
    phone: String(r.phone),
    name: String(r.name),
    onboardingComplete: Boolean(r.onboardingComplete),
    socialCapitalBalance: Number(r.socialCapitalBalance),
    introductionScore: Number(r.introductionScore),
    connectorScore: Number(r.connectorScore),
    vouchScore: Number(r.vouchScore),
    reputationScore: Number(r.reputationScore),
    vouchesGiven: Number(r.vouchesGiven),
    vouchesReceived: Number(r.vouchesReceived),
    introductionRequestsCount: Number(r.introductionRequestsCount),
    connectionsCount: Number(r.connectionsCount),
    profileViews: Number(r.profileViews),
    createdAt: new Date(r.createdAt as string | Date),
    updatedAt: new Date(r.updatedAt as string | Date),
  };
}

/** Every column of a member row, named as the model's attributes (toMember reads them). */
const MEMBER_COLUMNS = `id, phone, name, onboarding_complete AS onboardingComplete, social_capital_balance AS socialCapitalBalance,
  introduction_score AS introductionScore, connector_score AS connectorScore, vouch_score AS vouchScore,
  reputation_score AS reputationScore, vouches_given AS vouchesGiven, vouches_received AS vouchesReceived,
  introduction_requests_count AS introductionRequestsCount, connections_count AS connectionsCount,
  profile_views AS profileViews, created_at AS createdAt, updated_at AS updatedAt`;

export async function findMemberById(db: Database, id: number, t?: Transaction): Promise<Member | null> {
  if (!Number.isSafeInteger(id)) return null;
  // A plain query: every GET /api/user/profile comes here, and Sequelize's finder and a model
  // instance cost more CPU than the query itself (bench/gateway.bench.mjs).
  const [row] = await db.select<Record<string, unknown>>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = :id`, { id }, t);
  return row ? toMember(row) : null;
}

export async function findMembersByIds(db: Database, ids: readonly number[], t?: Transaction): Promise<Member[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id)))];
  if (wanted.length === 0) return [];
  // Plain rows: building a model instance per member cost 3× the CPU (4.3 → 1.4 ms for 200
  // members, GET /api/network names 400 of them per call; bench/network.bench.mjs).
  const rows = await authModels(db.sequelize).Member.findAll({ where: { id: { [Op.in]: wanted } }, order: [['id', 'ASC']], transaction: t, raw: true });
  return rows.map((row) => toMember(row as unknown as Record<string, unknown>));
}

/**
 * Reputation scores by member id (unknown ids absent): one plain SELECT of two columns, the
 * driver's rows as they come and the ids inlined (the matcher asks for everyone within reach,
 * ≈ 7,000 members at 3° on the reference network; Sequelize's row copy and escaping cost more
 * CPU than the read).
 */
export async function findReputations(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id));
  if (wanted.length === 0) return new Map();
  const out = new Map<number, number>();
  // Row by row: 45,000 of them for the widest reach, none kept beyond its two numbers.
  await db.eachRow<{ id: number | string; reputation_score: number | string | null }>(`SELECT id, reputation_score FROM members WHERE id IN (${idList(wanted)})`, (r) => {
    out.set(Number(r.id), Number(r.reputation_score ?? 0));
  });
  return out;
}

export async function findAllMembers(db: Database, t?: Transaction): Promise<Member[]> {
  // A plain query: the reputation run reads every member, and 100,000 model instances cost the
  // worker's run seconds of CPU that it takes from the gateway on a shared machine.
  const rows = await db.sequelize.query<Record<string, unknown>>(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY id`, { type: QueryTypes.SELECT, transaction: t });
  return rows.map(toMember);
}

/** The members with an id of at least `fromId`, ordered by id (a range of the primary key). */
export async function findMembersFrom(db: Database, fromId: number, t?: Transaction): Promise<Member[]> {
  const rows = await db.sequelize.query<Record<string, unknown>>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id >= :fromId ORDER BY id`, {
    type: QueryTypes.SELECT,
    replacements: { fromId },
    transaction: t,
  });
  return rows.map(toMember);
}

export function countMemberRows(db: Database, t?: Transaction): Promise<number> {
  return authModels(db.sequelize).Member.count({ transaction: t });
}

export async function findMemberRowByPhone(db: Database, phone: string, t?: Transaction): Promise<Member | null> {
  const row = await authModels(db.sequelize).Member.findOne({ where: { phone }, transaction: t });
  return row ? toMember(row) : null;
}

export async function insertMember(db: Database, input: { phone: string; name: string; now: Date }, t?: Transaction): Promise<Member> {
  const row = await authModels(db.sequelize).Member.create(
    { phone: input.phone, name: input.name, createdAt: input.now, updatedAt: input.now },
    { transaction: t, silent: true },
  );
  return toMember(row);
}

/** Sets the member's name; false when there is no such member. */
export async function updateMemberName(db: Database, memberId: number, name: string, now: Date, t?: Transaction): Promise<boolean> {
  const [count] = await authModels(db.sequelize).Member.update({ name, updatedAt: now }, { where: { id: memberId }, transaction: t, silent: true });
  return count > 0;
}

/**
 * The member's phone becomes `phone`, with their sessions' (a session finds its member by id or by
 * phone); false when the phone belongs to another member already (the unique phone decides
 * between simultaneous changes) or there is no such member.
 */
export async function updateMemberPhone(db: Database, member: { id: number; phone: string }, phone: string, now: Date, t: Transaction): Promise<boolean> {
  const { Member, Session } = authModels(db.sequelize);
  let count: number;
  try {
    [count] = await Member.update({ phone, updatedAt: now }, { where: { id: member.id }, transaction: t, silent: true });
  } catch (error) {
    if (error instanceof UniqueConstraintError) return false;
    throw error;
  }
  if (count === 0) return false;
  await Session.update({ phone }, { where: { [Op.or]: [{ memberId: member.id }, { phone: member.phone }] }, transaction: t });
  return true;
}

/**
 * Sets the stats of many members in one UPDATE (a CASE on the id per field; fields a row does not
 * set keep their value). Only set values: an increment throws a TypeError. For hundreds of rows at
 * once (the worker's reputation run), where an UPDATE per row costs a statement each.
 */
export async function setManyMemberStats(db: Database, rows: readonly (readonly [number, MemberStatsPatch])[], now: Date, t: Transaction): Promise<void> {
  if (rows.length === 0) return;
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const field of [...MEMBER_STAT_FIELDS, 'onboardingComplete'] as const) {
    const cases: string[] = [];
    const caseValues: unknown[] = [];
    for (const [memberId, patch] of rows) {
      const value = patch[field];
      if (value === undefined) continue;
      if (typeof value === 'object') throw new TypeError(`${field}: setManyMemberStats sets values; use applyMemberStats for an increment.`);
      if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`${field} must be a finite number.`);
      cases.push('WHEN ? THEN ?');
      caseValues.push(memberId, value);
    }
    if (cases.length === 0) continue;
    const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    sets.push(`\`${column}\` = CASE \`id\` ${cases.join(' ')} ELSE \`${column}\` END`);
    values.push(...caseValues);
  }
  if (sets.length === 0) return;
  const ids = rows.map(([memberId]) => memberId);
  await db.sequelize.query(`UPDATE \`members\` SET ${sets.join(', ')}, \`updated_at\` = ? WHERE \`id\` IN (${ids.map(() => '?').join(', ')})`, {
    replacements: [...values, now, ...ids],
    transaction: t,
  });
}

/** Applies a stats patch in one UPDATE (increments happen in SQL, so they never lose a race). */
export async function applyMemberStats(db: Database, memberId: number, patch: MemberStatsPatch, now: Date, t?: Transaction): Promise<boolean> {
  const { Member } = authModels(db.sequelize);
  const values: Record<string, unknown> = {};
  for (const field of MEMBER_STAT_FIELDS) {
    const change = patch[field];
    if (change === undefined) continue;
    const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (typeof change === 'number') {
      if (!Number.isFinite(change)) throw new TypeError(`${field} must be a finite number.`);
      values[field] = change;
    } else {
      if (!Number.isFinite(change.increment)) throw new TypeError(`${field}.increment must be a finite number.`);
      values[field] = literal(`${column} + ${Number(change.increment)}`);
    }
  }
  if (patch.onboardingComplete !== undefined) values.onboardingComplete = patch.onboardingComplete;
  if (Object.keys(values).length === 0) return (await Member.count({ where: { id: memberId }, transaction: t })) > 0;
  values.updatedAt = now;
  const [affected] = await Member.update(values, { where: { id: memberId }, transaction: t, silent: true });
  return affected > 0;
}
