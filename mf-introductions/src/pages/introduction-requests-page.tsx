import { FeaturePage } from '@vouch/shell-sdk';

/** /introduction-requests: the feature issue replaces this page's body; the title and signed-in check stay. */
export function IntroductionRequestsPage() {
  return <FeaturePage title="Introduction Requests" description="Requests you made and requests your network needs help with." access="login" />;
}
