/** Loading, failure and empty states of the lists and dialogs in every remote, so they look and read alike. */
import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="10" role="status" aria-live="polite" gap="3">
      <Spinner size="sm" color="brand.600" />
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
    </Center>
  );
}

export function ListFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Box role="alert" textAlign="center" py="8" px="4" bg="white" rounded="xl" borderWidth="1px" borderColor="red.100">
      <Text fontWeight="semibold">We couldn't load {what}.</Text>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Please check your connection and try again.
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

export function EmptyState({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" py="10" px="6" gap="2" bg="white" rounded="xl" borderWidth="1px" borderStyle="dashed" borderColor="gray.200" data-testid="empty-state">
      <Center boxSize="12" rounded="full" bg="brand.50" color="brand.600" aria-hidden="true" css={{ "& svg": { width: "5", height: "5" } }}>
        {icon}
      </Center>
      <Text fontWeight="semibold" fontSize="lg">
        {title}
      </Text>
      <Text color="fg.muted" fontSize="sm" maxW="sm">
        {children}
      </Text>
      {action ? <Box pt="3">{action}</Box> : null}
    </Stack>
  );
}

/**
 * The foot of a paged list: "Load more" while the server has more, then, once the member has
 * loaded more, a visible end so they know the list is complete (a list that fit on one page
 * shows nothing).
 */
export function LoadMore({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const [used, setUsed] = useState(false);
  if (hasMore) {
    return (
      <Center pt="2">
        <Button
          size="sm"
          variant="outline"
          loading={loading}
          loadingText="Loading more…"
          onClick={() => {
            setUsed(true);
            onLoadMore();
          }}
        >
          Load more
        </Button>
      </Center>
    );
  }
  return used ? <ListEnd /> : null;
}

/** The visible end of a paged list, once the member has loaded more than the first page. */
export function ListEnd() {
  return (
    <Text textAlign="center" color="fg.muted" fontSize="sm" pt="2" data-testid="list-end">
      That&apos;s everything.
    </Text>
  );
}

/**
 * What PagedList reads of a paged query (shell-sdk's usePagedList, whose `data` is the items of
 * the pages loaded so far): loading, failed, or loaded; ui stays free of react-query.
 */
export type PagedQuery<T> = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
} & ({ isPending: true } | { isPending: false; isError: true } | { isPending: false; isError: false; data: readonly T[] });

/**
 * A paged list with its states: loading, failed (with retry), `empty` when there are no items,
 * else the items (`children` renders one, with its key) and the LoadMore foot.
 */
export function PagedList<T>({
  query,
  loadingLabel,
  failedWhat,
  empty,
  children,
}: {
  query: PagedQuery<T>;
  loadingLabel: string;
  failedWhat: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <ListLoading label={loadingLabel} />;
  if (query.isError) return <ListFailed what={failedWhat} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return empty;
  return (
    <Stack gap="4">
      {query.data.map((item) => children(item))}
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </Stack>
  );
}
