/** GET /api/people/search: the header's first results for what the member typed (at least 2 characters). */
import { api, useQuery } from '@vouch/shell-sdk';
import { PEOPLE_SEARCH_MIN_LENGTH, type PersonSearchResult } from '@vouch/contracts';

/** Results the header's list shows. */
export const HEADER_RESULTS = 8;

export function usePeopleSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['people-search', query],
    queryFn: ({ signal }) => api.get<PersonSearchResult[]>(`/api/people/search?q=${encodeURIComponent(query)}&limit=${HEADER_RESULTS}`, { signal }),
    enabled: query.length >= PEOPLE_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
