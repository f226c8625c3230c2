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
      bg="red.500"
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
