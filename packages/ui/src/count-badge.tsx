import { Badge } from '@chakra-ui/react';

/** A count beside a tab's label (pending items); nothing when there are none. */
export function CountBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge colorPalette="brand" variant="solid" rounded="full" size="sm" ml="1.5">
      {count}
    </Badge>
  );
}
