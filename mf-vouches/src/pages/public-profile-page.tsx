import { FeaturePage } from '@vouch/shell-sdk';

/** /profile/:slug: the feature issue replaces this page's body; the title and signed-in check stay. */
export function PublicProfilePage() {
  return <FeaturePage title="Profile" description="A member's public Vouch profile." access="public" />;
}
