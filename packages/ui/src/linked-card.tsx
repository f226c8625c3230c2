import { Card, Text } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * An object's card in a list (a vouch, an ask, a request, an introduction) that a notification can
 * open: the one the link names (`linked`, from `useLinkedObject`) is outlined in the brand colour and
 * marked `data-linked`, so a member sees which one the bell, text or push meant.
 */
export function LinkedCard({ linked, ...props }: ComponentProps<typeof Card.Root> & { linked: boolean }) {
  return <Card.Root variant="outline" bg="white" borderColor={linked ? 'brand.500' : undefined} borderWidth={linked ? '2px' : undefined} data-linked={linked || undefined} {...props} />;
}

/**
 * In place of the linked object's card when it is gone (a 404 by id: removed, or not the member's):
 * the member is told so on top of the list, instead of looking for it ("This Vouch was removed.").
 */
export function LinkedGone({ children }: { children: ReactNode }) {
  return (
    <LinkedCard linked role="status" data-testid="linked-gone">
      <Card.Body py="3">
        <Text fontSize="sm" color="fg.muted">
          {children}
        </Text>
      </Card.Body>
    </LinkedCard>
  );
}
