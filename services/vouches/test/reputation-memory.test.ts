// The worker's bookkeeping between reputation runs, without a database: which changes it applies
// to its snapshot, which make it read the whole network again, and when the safety net does.
import type { Member } from '@vouch/service-auth';
import { applyChanges, FULL_RUN_POLICY, REREAD_MS, ReputationMemory, type NetworkChanges, type NetworkSnapshot } from '../src/features/reputation/domain/reputation-memory';

const T0 = Date.parse('2026-11-24T12:00:00Z');

function member(id: number): Member {
  return { id, createdAt: new Date(T0 - 100 * 86_400_000) } as Member;
}

function vouch(id: number, voucherId: number, recipientId: number, acceptedAt: number) {
  return { id, voucherId, recipientId, type: 'recommendation' as const, acceptedAt: new Date(acceptedAt) };
}

/** Members 1–5, accepted vouches 10 (1→2, long ago) and 11 (2→3, a minute before the read). */
function snapshot(): NetworkSnapshot {
  return {
    members: [1, 2, 3, 4, 5].map(member),
    edges: [
      { voucherId: 1, recipientId: 2, type: 'recommendation', acceptedAt: new Date(T0 - 86_400_000) },
      { voucherId: 2, recipientId: 3, type: 'recommendation', acceptedAt: new Date(T0 - 60_000) },
    ],
    totals: { count: 2, idSum: 21 },
    totalsCheckedAt: T0,
    readAt: T0,
    recent: new Map([[11, T0 - 60_000]]),
    vectors: null,
  };
}

/** What a read a minute later finds: vouch 11 again (inside the re-read window), plus `extra`. */
function changes(extra: Partial<NetworkChanges> = {}): NetworkChanges {
  const vouches = [vouch(11, 2, 3, T0 - 60_000), ...(extra.vouches ?? [])];
  const added = vouches.filter((v) => v.id !== 11);
  return {
    readAt: T0 + 60_000,
    members: [4, 5].map(member),
    memberCount: 5,
    totals: { count: 2 + added.length, idSum: 21 + added.reduce((sum, v) => sum + v.id, 0) },
    ...extra,
    vouches,
  };
}

describe('applying what changed since the last run', () => {
  it('adds a newly accepted vouch once, skipping the one it already holds that the window returns again', () => {
    const snap = snapshot();
    expect(applyChanges(snap, changes({ vouches: [vouch(12, 4, 5, T0 + 30_000)] }))).toBeNull();
    expect(snap.edges.map((e) => `${e.voucherId}→${e.recipientId}`)).toEqual(['1→2', '2→3', '4→5']);
    expect(snap.totals).toEqual({ count: 3, idSum: 33 });
    expect(snap.readAt).toBe(T0 + 60_000);
  });

  it('adds members who joined, in id order, also one whose lower id committed after a higher one', () => {
    const snap = snapshot();
    snap.members = [1, 2, 3, 5].map(member);
    expect(applyChanges(snap, changes({ members: [4, 5, 6].map(member), memberCount: 6, vouches: [vouch(13, 6, 4, T0 + 10_000)] }))).toBeNull();
    expect(snap.members.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(snap.edges).toHaveLength(3);
  });

  it('forgets, from the window, vouches accepted before the next read minus REREAD_MS', () => {
    const snap = snapshot();
    expect(applyChanges(snap, { ...changes(), readAt: T0 + REREAD_MS })).toBeNull();
    expect([...snap.recent.keys()]).toEqual([]);
  });

  it('refuses, changing nothing, when a member left', () => {
    const snap = snapshot();
    expect(applyChanges(snap, changes({ memberCount: 4 }))).toBe('a member left (or joined unseen)');
    expect(snap.members).toHaveLength(5);
  });

  it('refuses when the accepted vouches do not add up: one left the accepted set, or one was accepted outside the window', () => {
    const left = snapshot();
    expect(applyChanges(left, changes({ totals: { count: 1, idSum: 10 } }))).toMatch(/do not add up/);
    // One left (id 10) while another arrived unseen (id 14): the count matches, the sum does not.
    const swapped = snapshot();
    expect(applyChanges(swapped, changes({ totals: { count: 2, idSum: 25 } }))).toMatch(/do not add up/);
    expect(swapped.edges).toHaveLength(2);
    expect(swapped.totals).toEqual({ count: 2, idSum: 21 });
  });

  it('between two comparisons of the totals, keeps adding up its own; a vouch from a former member counts but is no edge', () => {
    const snap = snapshot();
    const formerMembers = { ...vouch(12, 4, 5, T0 + 30_000), voucherId: null };
    expect(applyChanges(snap, { ...changes({ vouches: [formerMembers] }), totals: null })).toBeNull();
    expect(snap.edges).toHaveLength(2);
    expect(snap.totals).toEqual({ count: 3, idSum: 33 });
    expect(snap.totalsCheckedAt).toBe(T0);
  });

  it('refuses a vouch naming a member it does not know', () => {
    expect(applyChanges(snapshot(), changes({ vouches: [vouch(12, 4, 99, T0)] }))).toBe('vouch 12 names a member the snapshot lacks');
  });
});

describe('when a run reads the whole network', () => {
  it('reads it first, then builds on it while the run count is its own, until the safety net', () => {
    const memory = new ReputationMemory({ everyMs: 600_000, everyRuns: 3, totalsEveryMs: 30_000 });
    expect(memory.fullRunReason(0, T0)).toBe('no snapshot yet');
    memory.remember(snapshot(), T0);
    memory.recorded(1);
    expect(memory.fullRunReason(1, T0 + 1_000)).toBeNull();
    // Another worker finished a run in between: the rows it wrote are not the snapshot's.
    expect(memory.fullRunReason(2, T0 + 1_000)).toBe('another process ran the model since');
    for (let run = 0; run < 3; run++) memory.builtOn();
    expect(memory.fullRunReason(1, T0 + 1_000)).toBe('safety net: runs since the last full run');
    memory.remember(snapshot(), T0);
    expect(memory.fullRunReason(1, T0 + 600_000)).toBe('safety net: time since the last full run');
  });

  it('reads everything after a run that was not recorded, or that failed', () => {
    const memory = new ReputationMemory();
    memory.remember(snapshot(), T0);
    memory.recorded(null);
    expect(memory.fullRunReason(1, T0)).toBe('another process ran the model since');
    memory.recorded(1);
    memory.forget();
    expect(memory.fullRunReason(1, T0)).toBe('no snapshot yet');
  });

  it('compares the totals when they were last compared totalsEveryMs ago', () => {
    const memory = new ReputationMemory();
    memory.remember(snapshot(), T0);
    expect(memory.totalsDue(T0 + 29_999)).toBe(false);
    expect(memory.totalsDue(T0 + 30_000)).toBe(true);
  });

  it('has a safety net of minutes and runs by default', () => {
    expect(FULL_RUN_POLICY).toEqual({ everyMs: 600_000, everyRuns: 300, totalsEveryMs: 30_000 });
  });
});
