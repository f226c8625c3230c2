import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import type { IntroductionRequest } from '@vouch/contracts';
import type { RequestRecord } from '../data-access/requests-and-suggestions.repository';
import { requestStatusAt } from './introduction-state';

/** Member names by id. */
export type NameBook = ReadonlyMap<number, string>;

/** The names of the targets and connectors of these requests (one read; none for requests to the network). */
export async function addressedNames(db: Database, requests: readonly RequestRecord[], t?: Transaction): Promise<NameBook> {
  const ids = [...new Set(requests.flatMap((r) => [r.targetId, r.connectorId]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map((await getMembers(db, ids, t)).map((m) => [m.id, m.name]));
}

/** A request as its readers see it: `now` decides whether one awaiting its connector has expired. */
export function toRequestDto(r: RequestRecord, counts: { all: number; pending: number }, names: NameBook = new Map(), now = new Date()): IntroductionRequest {
  const ref = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? 'A member' });
  return {
    id: r.id,
    requestType: r.requestType,
    desiredSkills: r.desiredSkills,
    reason: r.reason,
    context: r.context,
    status: requestStatusAt(r, now),
    degreeLevel: r.degreeLevel,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    suggestionCount: counts.all,
    // A cancelled request's pending suggestions no longer await anyone (they cannot be answered).
    pendingSuggestionCount: r.status === 'cancelled' ? 0 : counts.pending,
    addressedTo: ref(r.targetId),
    connector: ref(r.connectorId),
    connectorNote: r.connectorNote,
  };
}
