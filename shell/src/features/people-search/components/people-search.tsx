/**
 * The header's people search (issue 28 item 3): a combobox whose listbox shows the first results
 * of GET /api/people/search (name, degree, headline, "via …") and "See all results"; `/` focuses
 * it, the arrows move, Enter or a click opens the chosen profile (Enter with none chosen: the
 * results page, /search), Escape closes. Below `md` a search button opens it over the header.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from '@vouch/shell-sdk';
import { PEOPLE_SEARCH_MIN_LENGTH, SEARCH_PAGE_PATH, type PersonSearchResult } from '@vouch/contracts';
import { Box, Button, Input, SearchIcon, Text, useDebounced } from '@vouch/ui';
import { usePeopleSearch } from '../api/search-people';
import { nextActive, useSlashToFocus } from '../lib/search-keys';
import { headerSearchStatus } from '../lib/search-results';
import { SearchResultOption, SeeAllOption } from './search-result-option';

export function PeopleSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text, 250);
  const search = usePeopleSearch(q);
  const results: PersonSearchResult[] = q.trim().length >= PEOPLE_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  const focus = useCallback(() => {
    setExpanded(true);
    requestAnimationFrame(() => input.current?.focus());
  }, []);
  useSlashToFocus(focus);

  const close = () => {
    setListOpen(false);
    setActive(-1);
  };
  // The last option, after the people: every result on the results page.
  const optionCount = results.length ? results.length + 1 : 0;
  const go = (url: string) => {
    close();
    setText('');
    setExpanded(false);
    input.current?.blur();
    navigate(url);
  };
  const open = (index: number) => {
    const result = results[index];
    if (result) go(result.profileUrl);
    else if (text.trim().length >= PEOPLE_SEARCH_MIN_LENGTH) go(`${SEARCH_PAGE_PATH}?q=${encodeURIComponent(text.trim())}`);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setListOpen(true);
      setActive((a) => nextActive(a, optionCount, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (listOpen) close();
      else {
        setExpanded(false);
        input.current?.blur();
      }
    }
  };

  const typed = text.trim();
  const showList = listOpen && typed.length > 0;
  const status = headerSearchStatus({ typed, searched: q.trim(), found: results.length, fetching: search.isFetching, error: search.isError ? search.error : null });

  return (
    <>
      <Button display={{ base: expanded ? 'none' : 'inline-flex', md: 'none' }} variant="ghost" size="sm" minW="44px" h="44px" aria-label="Search people" onClick={focus}>
        <SearchIcon boxSize="5" />
      </Button>
      <Box
        data-people-search
        display={{ base: expanded ? 'block' : 'none', md: 'block' }}
        position={{ base: 'absolute', md: 'relative' }}
        insetX={{ base: '2', md: 'auto' }}
        top={{ base: '2', md: 'auto' }}
        w={{ base: 'auto', md: '64' }}
        zIndex="dropdown"
      >
        <Input
          ref={input}
          role="combobox"
          aria-label="Search people"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Search people  /"
          size="sm"
          bg="white"
          h="44px"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setListOpen(true);
            setActive(-1);
          }}
          onFocus={() => setListOpen(true)}
          onBlur={() => {
            close();
            if (!text) setExpanded(false);
          }}
          onKeyDown={onKeyDown}
        />
        <Box
          as="ul"
          id={listId}
          role="listbox"
          aria-label="People found"
          hidden={!showList}
          position="absolute"
          top="100%"
          insetX="0"
          mt="1"
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="md"
          shadow="lg"
          maxH="70vh"
          overflowY="auto"
          listStyleType="none"
          minW={{ md: '80' }}
        >
          {results.map((result, i) => (
            <SearchResultOption key={result.memberId} id={`${listId}-${i}`} result={result} active={i === active} onPick={() => open(i)} onHover={() => setActive(i)} />
          ))}
          {results.length ? (
            <SeeAllOption id={`${listId}-${results.length}`} active={active === results.length} onPick={() => open(results.length)} onHover={() => setActive(results.length)} />
          ) : null}
          {status ? (
            <Text as="li" role="presentation" px="3" py="2" fontSize="sm" color="gray.600" aria-live="polite">
              {status}
            </Text>
          ) : null}
        </Box>
      </Box>
    </>
  );
}
