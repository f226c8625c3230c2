/** The red count on the bell (capped "9+"); hidden from screen readers, the bell's label says it. */
import { Box } from '@vouch/ui';

export function ActivityCountBadge({ badge }: { badge: string }) {
  return (
    <Box
      as="span"
      data-testid="activity-badge"
      position="absolute"
      top="-1"
      right="-1"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="4"
      h="4"
      px="1"
      rounded="full"
      // red.600: white on red.500 is 3.8:1, under WCAG's 4.5:1 for 10 px text (axe, issue 44).
      bg="red.600"
      color="white"
      fontSize="10px"
      fontWeight="bold"
      lineHeight="1"
      borderWidth="2px"
      borderColor="white"
      boxSizing="content-box"
      aria-hidden="true"
    >
      {badge}
    </Box>
  );
}
