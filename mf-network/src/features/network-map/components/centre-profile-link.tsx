import { memberProfilePath } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Button } from '@vouch/ui';

/** "View Sam Lee's profile" under a map centred on another member (opens /members/{id}). */
export function CentreProfileLink({ node }: { node: { id: string; name: string; isMe: boolean } }) {
  const memberId = /^person:(\d+)$/.exec(node.id)?.[1];
  if (node.isMe || !memberId) return null;
  return (
    <Button asChild size="sm" variant="outline" colorPalette="brand" alignSelf="center" data-testid="network-centre-profile">
      <RouterLink to={memberProfilePath(Number(memberId))}>View {node.name}&apos;s profile</RouterLink>
    </Button>
  );
}
