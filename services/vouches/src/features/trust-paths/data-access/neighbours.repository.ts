// `member_neighbours` (migration 202512020000): each member's 1° people as one row, ",id,-id,"
// with a minus sign on those with skills on record, and the member's own `skilled` flag. Written
// only here, in the transactions that change accepted vouches, by row edits under row locks (a
// locking read is current whatever the transaction read before, so two accepts touching the
// same member never overwrite each other's edit).
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Database, Dialect } from '@vouch/service-core';

/** The accepted vouches that join two members, both ways (not a former member's, not oneself). */
const EDGES = `SELECT voucher_id AS a, recipient_id AS b FROM vouches
                WHERE status = 'accepted' AND voucher_id IS NOT NULL AND recipient_id IS NOT NULL AND voucher_id <> recipient_id
               UNION
               SELECT recipient_id, voucher_id FROM vouches
                WHERE status = 'accepted' AND voucher_id IS NOT NULL AND recipient_id IS NOT NULL AND voucher_id <> recipient_id`;
/** Members with skills on record: an accepted vouch received that names skills (the analysis's "with skills"). */
const SKILLED = "SELECT DISTINCT recipient_id AS id FROM vouches WHERE status = 'accepted' AND has_skills = 1 AND recipient_id IS NOT NULL";

/**
 * Rewrites every member's row from the vouches (the migration; the benchmark's bulk-loaded
 * network; test fixtures written straight to the table). One INSERT … SELECT: about a minute for
 * 1,000,000 vouches on MariaDB.
 */
export async function refillMemberNeighbours(sequelize: Sequelize, dialect: Dialect): Promise<void> {
  const mysql = dialect === 'mysql';
  const wrap = mysql ? "CONCAT(',', e.list, ',')" : "',' || e.list || ','";
  const sql = `INSERT INTO member_neighbours (member_id, neighbours, skilled)
    SELECT m.id, CASE WHEN e.list IS NULL THEN ',' ELSE ${wrap} END, CASE WHEN sk.id IS NULL THEN 0 ELSE 1 END
      FROM members m
      LEFT JOIN (SELECT x.a, GROUP_CONCAT(CASE WHEN s.id IS NULL THEN x.b ELSE -x.b END) AS list
                   FROM (${EDGES}) x
                   LEFT JOIN (${SKILLED}) s ON s.id = x.b
                  GROUP BY x.a) e ON e.a = m.id
      LEFT JOIN (${SKILLED}) sk ON sk.id = m.id`;
  await sequelize.transaction(async (t) => {
    await sequelize.query('DELETE FROM member_neighbours', { transaction: t });
    // MySQL cuts GROUP_CONCAT at 1,024 bytes by default (MariaDB at 1 MB): one connection, one transaction.
    if (mysql) await sequelize.query('SET SESSION group_concat_max_len = 67108864', { transaction: t });
    await sequelize.query(sql, { transaction: t });
  });
}

export interface NeighbourList {
  memberId: number;
  /** ",id,-id,": the member's 1° people, negative when they have skills on record. */
  neighbours: string;
}

/** The rows of these members (none for a member without accepted vouches), in no order. */
export async function readNeighbourLists(db: Database, memberIds: readonly number[]): Promise<NeighbourList[]> {
  if (memberIds.length === 0) return [];
  // Ids checked by the caller: inlined rather than escaped one by one (3,600 of them at 3°).
  const rows = await db.sequelize.query<{ member_id: number | string; neighbours: string }>(`SELECT member_id, neighbours FROM member_neighbours WHERE member_id IN (${memberIds.join(',')})`, {
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => ({ memberId: Number(r.member_id), neighbours: String(r.neighbours) }));
}

/** The signed ids of a row (negative: skills on record). */
export function parseNeighbours(list: string): number[] {
  const ids: number[] = [];
  forEachNeighbour(list, (id, skilled) => ids.push(skilled ? -id : id));
  return ids;
}

/**
 * Calls `fn` with each id of a row and whether they have skills on record, reading the digits in
 * place: the analysis at 3° reads ≈ 60,000 of them per request, and a string per id (split) was
 * most of its time in the gateway.
 */
export function forEachNeighbour(list: string, fn: (id: number, skilled: boolean) => void): void {
  let id = 0;
  let digits = false;
  let skilled = false;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      id = id * 10 + (c - 48);
      digits = true;
    } else if (c === 45) {
      skilled = true;
    } else {
      if (digits) fn(id, skilled);
      id = 0;
      digits = false;
      skilled = false;
    }
  }
  if (digits) fn(id, skilled);
}

/** The list with `id` in it once, signed by `skilled`. */
function withNeighbour(list: string, id: number, skilled: boolean): string {
  return `${without(list, id)}${skilled ? -id : id},`;
}

function without(list: string, id: number): string {
  return list.replace(`,${id},`, ',').replace(`,${-id},`, ',');
}

const forUpdate = (db: Database) => (db.dialect === 'mysql' ? ' FOR UPDATE' : '');

async function lockRows(db: Database, t: Transaction, ids: readonly number[]) {
  const rows = await db.sequelize.query<{ member_id: number | string; neighbours: string; skilled: number | string }>(
    `SELECT member_id, neighbours, skilled FROM member_neighbours WHERE member_id IN (:ids) ORDER BY member_id${forUpdate(db)}`,
    { replacements: { ids: [...ids] }, type: QueryTypes.SELECT, transaction: t },
  );
  return new Map(rows.map((r) => [Number(r.member_id), { neighbours: String(r.neighbours), skilled: Number(r.skilled) === 1 }]));
}

async function writeRow(db: Database, t: Transaction, memberId: number, neighbours: string, skilled: boolean) {
  await db.sequelize.query('UPDATE member_neighbours SET neighbours = :neighbours, skilled = :skilled WHERE member_id = :memberId', {
    replacements: { memberId, neighbours, skilled: skilled ? 1 : 0 },
    transaction: t,
  });
}

/**
 * In the transaction that accepts vouch `vouchId`: its voucher and recipient become each other's
 * neighbours, and when it is the recipient's first accepted vouch naming skills, every row that
 * lists the recipient marks them as having skills. Nothing for a former member's vouch.
 * Answers whether the two were not each other's neighbours before: a new connection for both.
 */
export async function linkAcceptedVouch(db: Database, t: Transaction, vouchId: number): Promise<boolean> {
  const [vouch] = await db.sequelize.query<{ voucher_id: number | null; recipient_id: number | null; has_skills: number | string }>(
    'SELECT voucher_id, recipient_id, has_skills FROM vouches WHERE id = :vouchId',
    { replacements: { vouchId }, type: QueryTypes.SELECT, transaction: t },
  );
  if (!vouch || vouch.voucher_id === null || vouch.recipient_id === null) return false;
  const [voucherId, recipientId, hasSkills] = [Number(vouch.voucher_id), Number(vouch.recipient_id), Number(vouch.has_skills) === 1];
  const ids = [...new Set([voucherId, recipientId])];
  const insert = db.dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  await db.sequelize.query(`${insert} INTO member_neighbours (member_id, neighbours, skilled) VALUES ${ids.map(() => "(?, ',', 0)").join(', ')}`, { replacements: ids, transaction: t });
  const rows = await lockRows(db, t, ids);
  const [voucher, recipient] = [rows.get(voucherId)!, rows.get(recipientId)!];
  const recipientSkilled = recipient.skilled || hasSkills;
  const newlyLinked = voucherId !== recipientId && !parseNeighbours(voucher.neighbours).some((id) => Math.abs(id) === recipientId);
  // An own vouch is refused by the use cases; should one be accepted, it joins nobody.
  const recipientList = voucherId === recipientId ? recipient.neighbours : withNeighbour(recipient.neighbours, voucherId, voucher.skilled);
  if (voucherId !== recipientId) await writeRow(db, t, voucherId, withNeighbour(voucher.neighbours, recipientId, recipientSkilled), voucher.skilled);
  await writeRow(db, t, recipientId, recipientList, recipientSkilled);
  if (!recipientSkilled || recipient.skilled) return newlyLinked;
  // Their first vouch naming skills: every other row listing them says so now (the voucher's is written above).
  const others = parseNeighbours(recipientList)
    .map(Math.abs)
    .filter((id) => id !== voucherId);
  if (others.length === 0) return newlyLinked;
  await db.sequelize.query('UPDATE member_neighbours SET neighbours = REPLACE(neighbours, :plain, :signed) WHERE member_id IN (:others)', {
    replacements: { plain: `,${recipientId},`, signed: `,${-recipientId},`, others },
    transaction: t,
  });
  return newlyLinked;
}

/**
 * In an account deletion's transaction: the member leaves every neighbour's row and their own
 * goes. Nobody else's skills change (the accepted vouches they gave stay, anonymised).
 */
export async function unlinkMember(db: Database, t: Transaction, memberId: number): Promise<void> {
  const row = (await lockRows(db, t, [memberId])).get(memberId);
  if (!row) return;
  const others = parseNeighbours(row.neighbours).map(Math.abs);
  if (others.length) {
    await db.sequelize.query('UPDATE member_neighbours SET neighbours = REPLACE(REPLACE(neighbours, :plain, \',\'), :signed, \',\') WHERE member_id IN (:others)', {
      replacements: { plain: `,${memberId},`, signed: `,${-memberId},`, others },
      transaction: t,
    });
  }
  await db.sequelize.query('DELETE FROM member_neighbours WHERE member_id = :memberId', { replacements: { memberId }, transaction: t });
}
