/**
 * /search?q=&degree= (issue 44 item 4): everyone the header search found, nearest first, a page
 * at a time, filtered by degree, each saying which of their words matched. The URL holds the
 * query and the filter, so a results page can be shared and Back returns to it.
 */
import { PEOPLE_SEARCH_MIN_LENGTH, PEOPLE_SEARCH_MESSAGES } from '@vouch/contracts';
import { planRefusal, RouterLink, useDocumentTitle, useSearchParams } from '@vouch/shell-sdk';
import { Box, Button, EmptyState, FilterChips, Heading, HStack, Input, PagedList, SearchIcon, Stack, Text, UpgradeNotice } from '@vouch/ui';
import { useState } from 'react';
import { useSearchResults } from '../api/search-people';
import { DEGREE_CHOICES, degreeParam } from '../lib/search-results';
import { SearchResultCard } from './search-result-card';

export function SearchResultsPage() {
  useDocumentTitle('Search');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const degree = degreeParam(params.get('degree'));
  const [text, setText] = useState(q);
  const results = useSearchResults(q, degree);
  const show = (next: { q?: string; degree?: number | null }) => {
    const url = new URLSearchParams();
    url.set('q', next.q ?? q);
    const d = next.degree === undefined ? degree : next.degree;
    if (d) url.set('degree', String(d));
    setParams(url);
  };
  const refusal = results.isError ? planRefusal(results.error) : null;
  const tooShort = q.trim().length < PEOPLE_SEARCH_MIN_LENGTH;

  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {tooShort ? 'Search people' : `People matching “${q.trim()}”`}
      </Heading>
      <HStack
        as="form"
        role="search"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          show({ q: text.trim() });
        }}
      >
        <Input aria-label="Search for" value={text} onChange={(event) => setText(event.target.value)} placeholder="A name, a skill or a headline" bg="white" h="44px" />
        <Button type="submit" colorPalette="brand" h="44px" aria-label="Search">
          <SearchIcon boxSize="5" />
        </Button>
      </HStack>
      <FilterChips label="Degree" choices={DEGREE_CHOICES} value={degree} onChange={(d) => show({ degree: d })} />
      {tooShort ? (
        <Text color="fg.muted">{PEOPLE_SEARCH_MESSAGES.tooShort}</Text>
      ) : refusal ? (
        <UpgradeNotice upgrade={<RouterLink to="/subscription">Upgrade</RouterLink>} testId="search-upgrade">
          {refusal}
        </UpgradeNotice>
      ) : (
        <Box data-testid="search-results">
          <PagedList
            query={results}
            loadingLabel="Searching…"
            failedWhat="the people you searched for"
            empty={
              <EmptyState icon={<SearchIcon boxSize="6" />} title={`No one found for “${q.trim()}”${degree ? ` at ${degree}°` : ''}`}>
                Try fewer words, the beginning of a name or a skill, or another degree.
              </EmptyState>
            }
          >
            {(result) => <SearchResultCard key={result.memberId} result={result} />}
          </PagedList>
        </Box>
      )}
    </Stack>
  );
}
