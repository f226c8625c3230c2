import { Card } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/**
 * An object's card in a list (a vouch, an ask, a request, an introduction) that a notification can
 * open: the one the link names (`linked`, from `useLinkedObject`) is outlined in the brand colour and
 * marked `data-linked`, so a member sees which one the bell, text or push meant.
 */
export function LinkedCard({ linked, ...props }: ComponentProps<typeof Card.Root> & { linked: boolean }) {
  return <Card.Root variant="outline" bg="white" borderColor={linked ? 'brand.500' : undefined} borderWidth={linked ? '2px' : undefined} data-linked={linked || undefined} {...props} />;
}
