// The introductions lists an app syncs (issue 45, services/core sync-log.ts): which members'
// copies a request or an introduction is in, and how a sync reads them. Every write that changes
// what one shows records it here, in its own transaction.
import type { Transaction } from 'sequelize';
import { EVERYONE, MEMBER_RECORDS, memberAudience, recordChanges, type Database, type SyncedList, type SyncRemoval } from '@vouch/service-core';
import type { Introduction, IntroductionRequest } from '@vouch/contracts';
import type { IntroductionRecord } from '../data-access/introductions.repository';
import type { RequestRecord } from '../data-access/requests-and-suggestions.repository';

/** The log's names of the two lists. */
export const INTRODUCTION_SYNC_LISTS = {
  /** GET /api/introduction-requests/my/sync: the member's requests. */
  requests: 'introduction-requests/my',
  /** GET /api/introductions/sync: the introductions the member takes part in. */
  introductions: 'introductions',
} as const;

/** Records, in `t`, that these requests changed (status, suggestion counts): their requesters' copies read them again. */
export function recordRequestChanges(db: Database, t: Transaction, requests: readonly Pick<RequestRecord, 'id' | 'requesterId'>[]): void {
  recordChanges(db, t, requests.map((r) => ({ audience: memberAudience(r.requesterId), list: INTRODUCTION_SYNC_LISTS.requests, objectId: r.id })));
}

/** Records, in `t`, that these requests went with another member's account (one addressed to or through them): a removed item to their requesters. */
export function recordRequestRemovals(db: Database, t: Transaction, requests: readonly Pick<RequestRecord, 'id' | 'requesterId'>[]): void {
  recordChanges(db, t, requests.map((r) => ({ audience: memberAudience(r.requesterId), list: INTRODUCTION_SYNC_LISTS.requests, objectId: r.id, removed: 'account_deleted' as const })));
}

/**
 * Records, in `t`, that these introductions changed (or, with `removed`, are gone) for their
 * requester, target and connector, but `forgotten` (a member deleting their account).
 */
export function recordIntroductionChanges(
  db: Database,
  t: Transaction,
  introductions: readonly Pick<IntroductionRecord, 'id' | 'requesterId' | 'targetId' | 'connectorId'>[],
  options: { removed?: SyncRemoval; forgotten?: number } = {},
): void {
  recordChanges(
    db,
    t,
    introductions.flatMap((i) =>
      [...new Set([i.requesterId, i.targetId, i.connectorId])]
        .filter((memberId) => memberId !== options.forgotten)
        .map((memberId) => ({ audience: memberAudience(memberId), list: INTRODUCTION_SYNC_LISTS.introductions, objectId: i.id, removed: options.removed ?? null })),
    ),
  );
}

/** Reads once, on first use: a synced list is read only after syncPage has read the committed number. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= read());
}

/**
 * GET /api/introduction-requests/my/sync over the member's requests (few: read whole, as the list
 * is). A request shows its target's and connector's names (read live): their renames change it,
 * read from the log's member records as the introductions' sync does.
 */
export function requestSyncList(memberId: number, readRequests: () => Promise<IntroductionRequest[]>): SyncedList<IntroductionRequest> {
  const byId = once(async () => (await readRequests()).sort((a, b) => a.id - b.id));
  const named = (r: IntroductionRequest) => [r.addressedTo?.id, r.connector?.id].filter((id): id is number => id !== undefined);
  return {
    list: INTRODUCTION_SYNC_LISTS.requests,
    audience: memberAudience(memberId),
    itemsAfter: async (afterId, rows) => (await byId()).filter((r) => r.id > afterId).slice(0, rows),
    itemsByIds: async (ids) => (await byId()).filter((r) => ids.includes(r.id)),
    idOf: (request) => request.id,
    related: async () => {
      const requests = await byId();
      return {
        list: MEMBER_RECORDS,
        audience: EVERYONE,
        objectIds: [...new Set(requests.flatMap(named))],
        itemsOf: (namedId) => requests.filter((r) => named(r).includes(namedId)).map((r) => r.id),
      };
    },
  };
}

/**
 * GET /api/introductions/sync over the member's introductions (read whole, as the list does). A
 * participant's rename (the members record the vouches service writes) changes every
 * introduction showing their name: read from the log here rather than written to every copy.
 */
export function introductionSyncList(memberId: number, read: () => Promise<{ records: IntroductionRecord[]; dtos: Introduction[] }>): SyncedList<Introduction> {
  const list = once(async () => {
    const { records, dtos } = await read();
    return { records, byId: dtos.sort((a, b) => a.id - b.id) };
  });
  const participants = (i: IntroductionRecord) => [i.requesterId, i.targetId, i.connectorId];
  return {
    list: INTRODUCTION_SYNC_LISTS.introductions,
    audience: memberAudience(memberId),
    itemsAfter: async (afterId, rows) => (await list()).byId.filter((i) => i.id > afterId).slice(0, rows),
    itemsByIds: async (ids) => (await list()).byId.filter((i) => ids.includes(i.id)),
    idOf: (introduction) => introduction.id,
    related: async () => {
      const { records } = await list();
      return {
        list: MEMBER_RECORDS,
        audience: EVERYONE,
        objectIds: [...new Set(records.flatMap(participants))],
        itemsOf: (participantId) => records.filter((i) => participants(i).includes(participantId)).map((i) => i.id),
      };
    },
  };
}
