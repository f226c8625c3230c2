/** One result of the header search: name, degree badge, headline and how I reach them. */
import type { PersonSearchResult } from '@vouch/contracts';
import { Badge, Box, HStack, Text } from '@vouch/ui';
import type { ReactNode } from 'react';
import { degreeLabel } from '../lib/search-results';


export interface SearchResultOptionProps {
  result: PersonSearchResult;
  id: string;
  active: boolean;
  onPick(): void;
  onHover(): void;
}

type OptionFrameProps = Omit<SearchResultOptionProps, 'result'> & { children: ReactNode };

function OptionFrame({ id, active, onPick, onHover, children }: OptionFrameProps) {
  return (
    <Box
      as="li"
      id={id}
      role="option"
      aria-selected={active}
      px="3"
      py="2"
      minH="44px"
      cursor="pointer"
      bg={active ? 'blue.50' : undefined}
      // mousedown, not click: the field keeps focus (its blur would close the list first).
      onMouseDown={(event) => {
        event.preventDefault();
        onPick();
      }}
      onMouseEnter={onHover}
    >
      {children}
    </Box>
  );
}

/** The list's last option: the results page, with everyone found and the degree filters. */
export function SeeAllOption(props: Omit<OptionFrameProps, 'children'>) {
  return (
    <OptionFrame {...props}>
      <Text fontSize="sm" fontWeight="semibold" color="brand.700" borderTopWidth="1px" borderColor="gray.100" pt="1">
        See all results
      </Text>
    </OptionFrame>
  );
}

export function SearchResultOption({ result, ...frame }: SearchResultOptionProps) {
  return (
    <OptionFrame {...frame}>
      <HStack gap="2">
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {result.name}
        </Text>
        <Badge size="sm" colorPalette={result.degree ? 'blue' : 'gray'} flexShrink={0}>
          {degreeLabel(result.degree)}
        </Badge>
      </HStack>
      {result.headline ? (
        <Text fontSize="xs" color="gray.600" truncate>
          {result.headline}
        </Text>
      ) : null}
      {result.path ? (
        <Text fontSize="xs" color="gray.500" truncate>
          {result.path}
        </Text>
      ) : null}
    </OptionFrame>
  );
}
