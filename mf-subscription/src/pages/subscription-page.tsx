import { FeaturePage } from '@vouch/shell-sdk';

/** /subscription: the feature issue replaces this page's body; the title and signed-in check stay. */
export function SubscriptionPage() {
  return <FeaturePage title="Subscription" description="Your plan, this month's usage and billing." access="login" />;
}
