import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { vouchesModels } from '../../../data-access/models';

/** The row of `reputation_runs` for the reputation model (the only computation kept there so far). */
const REPUTATION = 'reputation';

/** What every process on the database knows about the reputation runs. Times: epoch ms. */
export interface ReputationRunState {
  /** Requests made so far (one per accept, account deletion, introduction answer…). */
  requestedSeq: number;
  /** When the oldest request not yet covered by a run arrived; null when none waits. */
  requestedAt: number | null;
  /** The last request a finished run covered: a run is wanted while requestedSeq > doneSeq. */
  doneSeq: number;
  leaseHolder: string | null;
  leaseUntil: number;
  /** Finished runs, ever. */
  runs: number;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastMembers: number | null;
  lastChanged: number | null;
}

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function readReputationRunState(db: Database): Promise<ReputationRunState> {
  const row = await vouchesModels(db.sequelize).ReputationRun.findByPk(REPUTATION, { raw: true });
  if (!row) throw new Error('reputation_runs has no reputation row: the vouches migrations have not run.');
  const r = row as unknown as Record<keyof ReputationRunState, unknown>;
  return {
    requestedSeq: Number(r.requestedSeq),
    requestedAt: orNull(r.requestedAt),
    doneSeq: Number(r.doneSeq),
    leaseHolder: (r.leaseHolder as string | null) ?? null,
    leaseUntil: Number(r.leaseUntil),
    runs: Number(r.runs),
    lastStartedAt: orNull(r.lastStartedAt),
    lastFinishedAt: orNull(r.lastFinishedAt),
    lastMembers: orNull(r.lastMembers),
    lastChanged: orNull(r.lastChanged),
  };
}

/**
 * Counts one more request. The burst's first request (none waiting) also sets requestedAt.
 * One UPDATE of one row by primary key: cheap enough for every accept.
 */
export async function markReputationRequested(db: Database, now: number, t?: Transaction): Promise<void> {
  // requestedAt first: MySQL evaluates SET left to right with the new values, SQLite with the old.
  await db.sequelize.query(
    'UPDATE `reputation_runs` SET `requested_at` = CASE WHEN `requested_seq` <= `done_seq` THEN :now ELSE `requested_at` END, `requested_seq` = `requested_seq` + 1 WHERE `name` = :name',
    { replacements: { now, name: REPUTATION }, transaction: t },
  );
}

/**
 * Takes the lease for `holder` until now + leaseMs when nobody else holds a live one. A conditional UPDATE: of several processes asking at once exactly one wins, on MySQL,
 * MariaDB and SQLite alike. True when `holder` holds it now.
 */
export async function takeReputationLease(db: Database, holder: string, now: number, leaseMs: number): Promise<boolean> {
  const [affected] = await vouchesModels(db.sequelize).ReputationRun.update(
    { leaseHolder: holder, leaseUntil: now + leaseMs },
    { where: { name: REPUTATION, [Op.or]: [{ leaseHolder: null }, { leaseUntil: { [Op.lt]: now } }, { leaseHolder: holder }] } },
  );
  return affected === 1;
}

/**
 * Extends `holder`'s lease while its run lasts; does nothing once the lease was freed or taken
 * over (a renewal landing after the run finished must not take the lease again).
 */
export async function renewReputationLease(db: Database, holder: string, now: number, leaseMs: number): Promise<void> {
  await vouchesModels(db.sequelize).ReputationRun.update({ leaseUntil: now + leaseMs }, { where: { name: REPUTATION, leaseHolder: holder } });
}

export interface FinishedRun {
  coveredSeq: number;
  startedAt: number;
  finishedAt: number;
  members: number;
  changed: number;
}

/** Records a finished run and frees the lease, only if `holder` still holds it: false when it did not. */
export async function finishReputationRun(db: Database, holder: string, run: FinishedRun): Promise<boolean> {
  const [, affected] = await db.sequelize.query(
    `UPDATE \`reputation_runs\`
        SET \`requested_at\` = CASE WHEN \`requested_seq\` <= :covered THEN NULL ELSE \`requested_at\` END,
            \`done_seq\` = CASE WHEN \`done_seq\` < :covered THEN :covered ELSE \`done_seq\` END,
            \`runs\` = \`runs\` + 1, \`last_started_at\` = :startedAt, \`last_finished_at\` = :finishedAt,
            \`last_members\` = :members, \`last_changed\` = :changed, \`lease_holder\` = NULL, \`lease_until\` = 0
      WHERE \`name\` = :name AND \`lease_holder\` = :holder`,
    {
      type: QueryTypes.UPDATE,
      replacements: { covered: run.coveredSeq, startedAt: run.startedAt, finishedAt: run.finishedAt, members: run.members, changed: run.changed, name: REPUTATION, holder },
    },
  );
  return affected === 1;
}

/**
 * Whether `holder` still holds the lease, read in `t` before that transaction writes a run's rows
 * (a run whose lease was taken over, after a stall, writes nothing more). A plain read, not a
 * lock: every accept updates this row, and locking it in each write batch would queue them.
 */
export async function holdsReputationLease(db: Database, holder: string, t: Transaction): Promise<boolean> {
  const row = await vouchesModels(db.sequelize).ReputationRun.findByPk(REPUTATION, { attributes: ['leaseHolder'], raw: true, transaction: t });
  return (row as { leaseHolder?: string | null } | null)?.leaseHolder === holder;
}

/** Frees the lease after a failed run (the request stays wanted; the next run retries it). */
export async function releaseReputationLease(db: Database, holder: string): Promise<void> {
  await vouchesModels(db.sequelize).ReputationRun.update({ leaseHolder: null, leaseUntil: 0 }, { where: { name: REPUTATION, leaseHolder: holder } });
}
