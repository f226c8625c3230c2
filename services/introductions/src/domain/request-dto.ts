import type { IntroductionRequest } from '@vouch/contracts';
import type { RequestRecord } from '../data-access/requests-and-suggestions.repository';

export function toRequestDto(r: RequestRecord, counts: { all: number; pending: number }): IntroductionRequest {
  return {
    id: r.id,
    requestType: r.requestType,
    desiredSkills: r.desiredSkills,
    reason: r.reason,
    context: r.context,
    status: r.status,
    degreeLevel: r.degreeLevel,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    suggestionCount: counts.all,
    // A cancelled request's pending suggestions no longer await anyone (they cannot be answered).
    pendingSuggestionCount: r.status === 'cancelled' ? 0 : counts.pending,
  };
}
