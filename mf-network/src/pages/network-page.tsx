import { FeaturePage } from '@vouch/shell-sdk';

/** /network: the feature issue replaces this page's body; the title and signed-in check stay. */
export function NetworkPage() {
  return <FeaturePage title="Network Map" description="Your 1\u00b0 and 2\u00b0 connections around you." access="login" />;
}
