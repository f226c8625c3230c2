/** /network (SPEC "Network map"): the member's map, full width. */
import { PAGE_INTROS } from '@vouch/contracts';
import { Stack, PageTitle } from '@vouch/ui';
import { useDocumentTitle } from '@vouch/shell-sdk';
import { NetworkMap } from './network-map';

export function NetworkPage() {
  useDocumentTitle('Network Map');
  return (
    <Stack gap="6" data-testid="network-page">
      <PageTitle intro={PAGE_INTROS['/network']} />
      <NetworkMap />
    </Stack>
  );
}
