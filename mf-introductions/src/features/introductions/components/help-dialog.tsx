/**
 * Help with Introduction (SPEC "Introduction Requests", §5, §6, §8), for a request of my
 * network: "My Network" offers my matches grouped perfect / strong / potential (at most 5
 * potential) to suggest one with my reasoning; "I Can Help" suggests myself, where my plan
 * allows it — otherwise it says why and offers the upgrade.
 */
import type { NetworkIntroductionRequest } from '@vouch/contracts';
import { AppDialog, Tabs } from '@vouch/ui';
import { MyNetworkMatches } from './my-network-matches';
import { SelfSuggestion } from './self-suggestion';

export function HelpDialog({ request, open, onOpenChange }: { request: NetworkIntroductionRequest; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Help ${request.requesterName} · ${request.requestType}`} size="lg">
      <Tabs.Root defaultValue="network" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="network">My Network</Tabs.Trigger>
          <Tabs.Trigger value="self">I Can Help</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="network">
          <MyNetworkMatches request={request} enabled={open} onDone={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="self">
          <SelfSuggestion request={request} onDone={() => onOpenChange(false)} />
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
