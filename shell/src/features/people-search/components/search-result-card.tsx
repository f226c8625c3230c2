/** One person on the search results page: name (their profile), degree, headline, path and why they matched. */
import type { PersonSearchResult } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, HStack, Text } from '@vouch/ui';
import { degreeLabel, matchedText } from '../lib/search-results';

export function SearchResultCard({ result }: { result: PersonSearchResult }) {
  return (
    <Box as="article" bg="white" borderWidth="1px" borderColor="gray.100" rounded="xl" px="4" py="3" data-testid="search-result">
      <HStack gap="2" flexWrap="wrap">
        <RouterLink to={result.profileUrl}>
          <Text as="span" fontWeight="semibold" color="brand.700" _hover={{ textDecoration: 'underline' }}>
            {result.name}
          </Text>
        </RouterLink>
        <Badge size="sm" colorPalette={result.degree ? 'blue' : 'gray'}>
          {degreeLabel(result.degree)}
        </Badge>
      </HStack>
      {result.headline ? (
        <Text fontSize="sm" color="gray.700">
          {result.headline}
        </Text>
      ) : null}
      {result.path ? (
        <Text fontSize="sm" color="gray.600">
          {result.path}
        </Text>
      ) : null}
      {result.matched.length ? (
        <Text fontSize="xs" color="gray.600" mt="1">
          {matchedText(result.matched)}
        </Text>
      ) : null}
    </Box>
  );
}
