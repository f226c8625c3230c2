/** GET /api/people/search: the header's first results for what the member typed, and the results page's pages. */
import { api, usePagedList, useQuery } from '@vouch/shell-sdk';
import { PEOPLE_SEARCH_MIN_LENGTH, type PersonSearchResult } from '@vouch/contracts';

/** Results the header's list shows. */
export const HEADER_RESULTS = 8;
/** Results per page of the results page. */
export const RESULTS_PAGE_SIZE = 20;

const searchPath = (q: string, limit: number, degree?: number | null) =>
  `/api/people/search?q=${encodeURIComponent(q)}${degree ? `&degree=${degree}` : ''}&limit=${limit}`;

export function usePeopleSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['people-search', query],
    queryFn: ({ signal }) => api.get<PersonSearchResult[]>(searchPath(query, HEADER_RESULTS), { signal }),
    enabled: query.length >= PEOPLE_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** Every person found for `q` (at `degree`, or all), a page at a time. */
export function useSearchResults(q: string, degree: number | null) {
  const query = q.trim();
  return usePagedList<PersonSearchResult>({
    queryKey: ['people-search', 'all', query, degree],
    path: searchPath(query, RESULTS_PAGE_SIZE, degree),
    enabled: query.length >= PEOPLE_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}
