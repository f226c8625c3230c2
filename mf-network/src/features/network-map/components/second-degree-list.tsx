/**
 * Every one of my 2° people, not only the ones the map draws (issue 28 item 3): a filter (name,
 * skills, headline) and pages of GET /api/network/second-degree with Load more. Each opens the
 * person's profile. Fetched only once the member opens it.
 */
import { useState } from 'react';
import { memberProfilePath, type SecondDegreeConnection } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Box, chakra, Input, Link, PagedList, Stack, Text, useDebounced } from '@vouch/ui';
import { useSecondDegree } from '../api/get-second-degree';

const Details = chakra('details');
const Summary = chakra('summary');

function Person({ person }: { person: SecondDegreeConnection }) {
  return (
    <Box data-testid="second-degree-person">
      <Link asChild fontWeight="medium" fontSize="sm" display="inline-flex" minH="44px" alignItems="center">
        <RouterLink to={memberProfilePath(person.id)}>{person.name}</RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted">
        via {person.connectedThrough}
        {person.sharedConnections > 1 ? ` · ${person.sharedConnections} shared connections` : ''}
      </Text>
    </Box>
  );
}

function People({ q }: { q: string }) {
  return (
    <Box as="section" aria-label="Your 2° connections">
      <PagedList
        query={useSecondDegree(q, true)}
        loadingLabel="Loading your 2° connections…"
        failedWhat="your 2° connections"
        empty={<Text fontSize="sm" color="fg.muted">{q.trim() ? `No 2° connection matches “${q.trim()}”.` : 'No 2° connections yet.'}</Text>}
      >
        {(person) => <Person key={person.id} person={person} />}
      </PagedList>
    </Box>
  );
}

export function SecondDegreeList() {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const q = useDebounced(text, 250);
  return (
    <Details borderWidth="1px" borderColor="gray.100" rounded="xl" data-testid="second-degree-list" onToggle={(event) => setOpened((event.currentTarget as HTMLDetailsElement).open)}>
      <Summary cursor="pointer" px="4" py="3" fontWeight="medium" fontSize="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}>
        All your 2° connections
      </Summary>
      {opened ? (
        <Stack px="4" pb="4" gap="3">
          <Input size="sm" h="44px" aria-label="Filter 2° connections" placeholder="Filter by name, skill or headline" value={text} onChange={(event) => setText(event.target.value)} />
          <People q={q} />
        </Stack>
      ) : null}
    </Details>
  );
}
