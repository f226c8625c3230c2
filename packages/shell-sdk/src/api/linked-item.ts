/**
 * The object a notification opened when the list does not hold it (issue 40): `?<name>=<id>` names
 * an item further back than the pages loaded, or one that is gone. The list fetches it by id and
 * shows it on top (its card marks itself linked, `useLinkedObject`), or says it is gone (404, 410).
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { readObjectParam } from '@vouch/contracts';
import { ApiError, api, useLocation } from '@vouch/shell-sdk/base';

export interface LinkedItem<T> {
  /** The linked item when the loaded pages do not hold it; null otherwise (or while it loads). */
  item: T | null;
  /** The link names an item the member cannot read: removed (410), or gone or never theirs (404). */
  gone: boolean;
}

/**
 * `list`: the list's query key (the item is kept under it, so what refreshes the list refreshes
 * the item) and its items so far (`loaded`: undefined while the first page loads; nothing is
 * fetched until then, the item may be on it). `path`: the item's GET by id, e.g. `/api/vouches/12`.
 */
export function useLinkedItem<T extends { id: number }>(name: string, list: { queryKey: QueryKey; loaded: readonly T[] | undefined }, path: (id: number) => string): LinkedItem<T> {
  const { loaded } = list;
  const { search } = useLocation();
  const id = readObjectParam(search, name);
  const missing = id !== null && loaded !== undefined && !loaded.some((item) => item.id === id);
  const query = useQuery({
    queryKey: [...list.queryKey, 'linked', name, id],
    queryFn: ({ signal }) => api.get<T>(path(id ?? 0), { signal }),
    enabled: missing,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  if (!missing) return { item: null, gone: false };
  return { item: query.data ?? null, gone: query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 410) };
}
