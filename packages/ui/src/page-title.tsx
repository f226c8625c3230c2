/**
 * A screen's heading and the sentence under it. The gateway draws the same two lines at the same
 * sizes in a signed-in page's first screen (api-gateway/src/first-screen.ts `.fs-intro`), so the
 * app taking over moves nothing: change one, change both.
 */
import { Box, Heading, Text } from '@chakra-ui/react';

/** `intro`: contracts' PAGE_INTROS entry of the page (ui does not depend on contracts: the same shape). */
export function PageTitle({ intro: { heading, lead }, headingTestId }: { intro: { heading: string; lead: string }; headingTestId?: string }) {
  return (
    <Box minW="0">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em" data-testid={headingTestId}>
        {heading}
      </Heading>
      <Text color="fg.muted" mt="1">
        {lead}
      </Text>
    </Box>
  );
}
