import { FeaturePage } from '@vouch/shell-sdk';

/** /vouch/:vouchToken: the feature issue replaces this page's body; the title and signed-in check stay. */
export function PublicVouchPage() {
  return <FeaturePage title="Vouch" description="A vouch shared with you by a public link." access="public" />;
}
