// Which members' copies a vouch is in, for the sync log (issue 45, services/core sync-log.ts):
// every write that changes what a vouch shows records it here, in its own transaction.
import type { Transaction } from 'sequelize';
import { memberAudience, phoneAudience, recordChanges, type Database, type SyncChange, type SyncRemoval } from '@vouch/service-core';
import { FORMER_MEMBER_ID, type VouchRecord } from './vouch';

/** The log's names of the three vouch lists an app syncs. */
export const VOUCH_SYNC_LISTS = {
  /** GET /api/vouches/my/sync: the vouches I sent. */
  sent: 'vouches/sent',
  /** GET /api/vouches/received/sync: the vouches I answered. */
  received: 'vouches/received',
  /** GET /api/vouches/pending-for-me/sync: the vouches sent to my phone. */
  'to-my-phone': 'vouches/to-my-phone',
} as const;

/** Which list a sync follows: GET /api/vouches/my, /received or /pending-for-me. */
export type SyncedVouchList = keyof typeof VOUCH_SYNC_LISTS;

/**
 * The copies a vouch is in: its voucher's Sent (while the voucher is a member), its recipient's
 * Received once answered, and the to-my-phone list of whoever holds its phone.
 */
export function vouchChanges(vouch: Pick<VouchRecord, 'id' | 'voucherId' | 'recipientId' | 'recipientPhone'>, removed: SyncRemoval | null = null): SyncChange[] {
  const changes: SyncChange[] = [];
  if (vouch.voucherId !== FORMER_MEMBER_ID) changes.push({ audience: memberAudience(vouch.voucherId), list: VOUCH_SYNC_LISTS.sent, objectId: vouch.id, removed });
  if (vouch.recipientId !== null) changes.push({ audience: memberAudience(vouch.recipientId), list: VOUCH_SYNC_LISTS.received, objectId: vouch.id, removed });
  changes.push({ audience: phoneAudience(vouch.recipientPhone), list: VOUCH_SYNC_LISTS['to-my-phone'], objectId: vouch.id, removed });
  return changes;
}

/**
 * Records, in `t`, that these vouches changed (each copy they are in reads them as they now are),
 * or with `removed` that they are gone. Copies of `forgotten` audiences (a member deleting their
 * account) are left out: nobody reads them any more.
 */
export function recordVouchChanges(db: Database, t: Transaction, vouches: readonly Parameters<typeof vouchChanges>[0][], options: { removed?: SyncRemoval; forgotten?: readonly string[] } = {}): void {
  const forgotten = new Set(options.forgotten ?? []);
  recordChanges(
    db,
    t,
    vouches.flatMap((vouch) => vouchChanges(vouch, options.removed ?? null)).filter((change) => !forgotten.has(change.audience)),
  );
}
