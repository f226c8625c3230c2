/** One result of the header search: name, degree badge, headline and how I reach them. */
import type { PersonSearchResult } from '@vouch/contracts';
import { Badge, Box, HStack, Text } from '@vouch/ui';

const DEGREE_LABEL: Record<number, string> = { 1: '1°', 2: '2°', 3: '3°' };

export interface SearchResultOptionProps {
  result: PersonSearchResult;
  id: string;
  active: boolean;
  onPick(): void;
  onHover(): void;
}

export function SearchResultOption({ result, id, active, onPick, onHover }: SearchResultOptionProps) {
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
      <HStack gap="2">
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {result.name}
        </Text>
        <Badge size="sm" colorPalette={result.degree ? 'blue' : 'gray'} flexShrink={0}>
          {result.degree ? DEGREE_LABEL[result.degree] : 'Public'}
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
    </Box>
  );
}
