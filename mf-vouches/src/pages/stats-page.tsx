import { FeaturePage } from '@vouch/shell-sdk';

/** /stats: the feature issue replaces this page's body; the title and signed-in check stay. */
export function StatsPage() {
  return <FeaturePage title="Stats" description="Your social capital, reputation and activity." access="login" />;
}
