import { FeaturePage } from '@vouch/shell-sdk';

/** /pending-vouches: the feature issue replaces this page's body; the title and signed-in check stay. */
export function PendingVouchesPage() {
  return <FeaturePage title="Pending Vouches" description="Vouches made for you that wait for your answer." access="login" />;
}
