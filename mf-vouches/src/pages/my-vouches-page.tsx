import { FeaturePage } from '@vouch/shell-sdk';

/** /my-vouches: the feature issue replaces this page's body; the title and signed-in check stay. */
export function MyVouchesPage() {
  return <FeaturePage title="My Vouches" description="Vouches you received and vouches you sent." access="login" />;
}
