// The worker's incremental reputation runs on a real database: after each accept of a sequence, a
// run that keeps its snapshot (ReputationMemory) writes exactly what a full recompute would, and
// anything that is not an addition makes it read the whole network again.
import { randomBytes } from 'node:crypto';
import { registerMember } from '@vouch/service-auth';
import { createVouchAs, requestReputationRecompute, respondToVouchAs } from '@vouch/service-vouches';
import { FULL_RUN_POLICY, primeReputationMemory, recomputeReputation, reputationIdle, ReputationMemory, reputationRunState, runWantedReputation } from '@vouch/service-vouches/worker';
import { insertVouchRows, seededRandom } from '@vouch/service-vouches/testing';
import { describeEachDatabase, newPhone, type TestContext } from './support';

const DAY = 86_400_000;

describeEachDatabase('incremental reputation runs', (t: TestContext) => {
  const random = seededRandom(14);
  // Totals compared at every run here (the worker: every 30 s), so that each fallback shows at once.
  const memory = new ReputationMemory({ ...FULL_RUN_POLICY, totalsEveryMs: 0 });
  const members: { id: number; phone: string }[] = [];
  const pick = () => members[Math.floor(random() * members.length)]!;

  /** A run as the worker makes it after an accept: a request, then the wanted run with the worker's memory. */
  async function workerRun(withMemory = memory) {
    await requestReputationRecompute(t.db);
    const result = await runWantedReputation(t.db, { holder: 'worker-under-test', memory: withMemory });
    if (!result) throw new Error('no run was wanted');
    return result;
  }

  /** Accepted vouches written as an accept writes them (accepted now), between random members. */
  async function acceptedVouches(count: number, acceptedAt = new Date()) {
    const rows = Array.from({ length: count }, () => {
      const [voucher, recipient] = [pick(), pick()];
      return {
        type: random() < 0.7 ? 'recommendation' : 'invite',
        status: 'accepted',
        vouchToken: randomBytes(24).toString('base64url'),
        voucherId: voucher.id,
        recipientName: 'Colleague',
        recipientPhone: recipient.phone,
        recipientId: recipient.id,
        createdAt: acceptedAt,
        acceptedAt,
        respondedAt: acceptedAt,
        expiresAt: new Date(acceptedAt.getTime() + 30 * DAY),
      };
    });
    await insertVouchRows(t.db, rows.filter((r) => r.voucherId !== r.recipientId));
  }

  async function join(ageDays: number) {
    const member = await registerMember(t.db, { phone: newPhone(), firstName: 'Member', lastName: `Number${members.length + 1}` }, new Date(Date.now() - ageDays * DAY));
    members.push({ id: member.id, phone: member.phone });
  }

  beforeAll(async () => {
    // 60 members joined over a year (ages away from the 30-day mark), 300 vouches among them.
    for (let i = 0; i < 60; i++) await join(400 - i * 6.5);
    await acceptedVouches(300, new Date(Date.now() - 20 * DAY));
  });

  it('after each accept of a sequence, a run applies only the changes and writes what a full recompute would', async () => {
    const first = await workerRun();
    expect(first).toMatchObject({ mode: 'full', reason: 'no snapshot yet', members: 60 });
    for (let round = 0; round < 5; round++) {
      if (round % 2 === 0) await join(0);
      await acceptedVouches(3);
      // And one accept the way a recipient makes it (which asks for a run itself).
      const [voucher, recipient] = [members[round]!, members[30 + round]!];
      const vouch = await createVouchAs(t.db, voucher.id, { type: 'recommendation', recipientName: 'Colleague', recipientPhone: recipient.phone, reason: 'Worked together', skills: 'Ops' });
      await respondToVouchAs(t.db, recipient.id, { vouchToken: vouch.vouchToken, action: 'accept' });

      const run = await workerRun();
      expect(run).toMatchObject({ mode: 'incremental', members: members.length });
      expect(run.changed).toBeGreaterThan(0);
      // A full recompute over the same rows finds nothing to change: the incremental run wrote what it would have.
      expect(await recomputeReputation(t.db)).toMatchObject({ mode: 'full', changed: 0 });
    }
  });

  it('reads the whole network again when a vouch leaves the accepted set, and agrees with the full recompute', async () => {
    await t.db.sequelize.query("UPDATE vouches SET status = 'rejected' WHERE id = (SELECT MIN(id) FROM vouches WHERE status = 'accepted')");
    expect(await workerRun()).toMatchObject({ mode: 'full', reason: expect.stringMatching(/do not add up/) });
    expect(await workerRun()).toMatchObject({ mode: 'incremental' });
    expect(await recomputeReputation(t.db)).toMatchObject({ changed: 0 });
  });

  it('reads it again when a vouch accepted long before the last run commits only now', async () => {
    await acceptedVouches(1, new Date(Date.now() - DAY));
    expect(await workerRun()).toMatchObject({ mode: 'full', reason: expect.stringMatching(/do not add up/) });
    expect(await recomputeReputation(t.db)).toMatchObject({ changed: 0 });
  });

  it('reads it again when a member left', async () => {
    await join(0);
    expect(await workerRun()).toMatchObject({ mode: 'incremental' });
    await t.db.sequelize.query('DELETE FROM members WHERE id = :id', { replacements: { id: members.pop()!.id } });
    expect(await workerRun()).toMatchObject({ mode: 'full', reason: 'a member left (or joined unseen)' });
  });

  it('a worker that read the network at start runs the first accept incrementally', async () => {
    const started = new ReputationMemory({ ...FULL_RUN_POLICY, totalsEveryMs: 0 });
    expect(await primeReputationMemory(t.db, started)).toBe(true);
    await acceptedVouches(2);
    expect(await workerRun(started)).toMatchObject({ mode: 'incremental' });
    expect(await recomputeReputation(t.db)).toMatchObject({ changed: 0 });
    // Its first run recorded, the other worker's snapshot is not the last run's any more.
    expect(await workerRun()).toMatchObject({ mode: 'full', reason: 'another process ran the model since' });
  });

  it('reads it again when another process ran the model in between (another worker of the pool)', async () => {
    await acceptedVouches(2);
    await requestReputationRecompute(t.db);
    await reputationIdle(t.db);
    await acceptedVouches(2);
    expect(await workerRun()).toMatchObject({ mode: 'full', reason: 'another process ran the model since' });
    expect(await recomputeReputation(t.db)).toMatchObject({ changed: 0 });
  });

  it('a run whose lease was taken over while it computed writes nothing (no score, no explanation, no record); the taker writes the scores', async () => {
    await acceptedVouches(5);
    await requestReputationRecompute(t.db);
    const rows = () => t.db.select<Record<string, unknown>>('SELECT id, reputation_score, vouch_score, connections_count FROM members ORDER BY id');
    const explanations = () => t.db.select<Record<string, unknown>>('SELECT * FROM reputation_explanations ORDER BY member_id');
    const trust = async () => (await t.db.select<{ r: unknown }>("SELECT trust_reference AS r FROM reputation_runs WHERE name = 'reputation'"))[0]?.r;
    const before = { rows: await rows(), explanations: await explanations(), trust: await trust(), state: await reputationRunState(t.db) };
    // Between its read and its writes (when it asks for the introduction facts), the run stalls
    // past its lease and another worker takes the lease over.
    const stalled = await runWantedReputation(t.db, {
      holder: 'stalled-worker',
      memory: new ReputationMemory({ ...FULL_RUN_POLICY, totalsEveryMs: 0 }),
      introductionFacts: async () => {
        await t.db.sequelize.query("UPDATE reputation_runs SET lease_holder = 'taker', lease_until = :until WHERE name = 'reputation'", { replacements: { until: Date.now() + 60_000 } });
        return [];
      },
    });
    expect(stalled).toBeNull();
    expect(await rows()).toEqual(before.rows);
    expect(await explanations()).toEqual(before.explanations);
    expect(await trust()).toEqual(before.trust);
    expect(await reputationRunState(t.db)).toMatchObject({ leaseHolder: 'taker', runs: before.state.runs, doneSeq: before.state.doneSeq });
    // The taker runs: the scores the stalled run computed are written once, by the lease's holder.
    const taken = await runWantedReputation(t.db, { holder: 'taker' });
    expect(taken?.changed).toBeGreaterThan(0);
    expect(await recomputeReputation(t.db)).toMatchObject({ changed: 0 });
    expect(await reputationRunState(t.db)).toMatchObject({ leaseHolder: null, runs: before.state.runs + 1 });
  });
});
