/**
 * Paged lists (the API's `?limit=&cursor=` with the next page in a Link header): one hook for
 * every list screen. `data` is every item loaded so far, flat, so a list renders as before;
 * `hasNextPage` / `fetchNextPage` / `isFetchingNextPage` drive a "Load more" (`<LoadMore>` in @vouch/ui).
 */
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { api, type Page } from './api-client';

export interface PagedListOptions {
  queryKey: QueryKey;
  /** The list's first page, e.g. '/api/vouches/my'. */
  path: string;
  enabled?: boolean;
  /** Poll (every page loaded so far is fetched again), e.g. the activity bell's 30 s. */
  refetchInterval?: number;
  staleTime?: number;
}

export function usePagedList<T>({ queryKey, path, enabled = true, refetchInterval, staleTime }: PagedListOptions) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.readPage<T>(pageParam, { signal }),
    initialPageParam: path,
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    enabled,
    ...(refetchInterval === undefined ? {} : { refetchInterval }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
