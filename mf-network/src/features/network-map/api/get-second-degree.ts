/** GET /api/network/second-degree: every one of my 2° people, a page at a time, filtered by `q` (name, skills, headline). */
import { NETWORK_QUERY_KEY, usePagedList } from '@vouch/shell-sdk';
import type { SecondDegreeConnection } from '@vouch/contracts';

export const SECOND_DEGREE_PAGE = 20;

export function secondDegreePath(q: string): string {
  const filter = q.trim();
  return `/api/network/second-degree?limit=${SECOND_DEGREE_PAGE}${filter ? `&q=${encodeURIComponent(filter)}` : ''}`;
}

/** Under the network's key: a vouch created or answered refreshes it with the map. */
export function useSecondDegree(q: string, enabled: boolean) {
  return usePagedList<SecondDegreeConnection>({ queryKey: [...NETWORK_QUERY_KEY, 'second-degree', q.trim()], path: secondDegreePath(q), enabled });
}
