import { FeaturePage } from '@vouch/shell-sdk';

/** /dashboard: the feature issue replaces this page's body; the title and signed-in check stay. */
export function DashboardPage() {
  return <FeaturePage title="Dashboard" description="Your reputation, your vouches and your network at a glance." access="login" />;
}
