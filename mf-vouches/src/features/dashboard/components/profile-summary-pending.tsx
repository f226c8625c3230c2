/** With a profile but no vouch received yet: where the card will be, and the settings. */
import type { MySummary } from '@vouch/contracts';
import { Button, Flex, Heading, Text } from '@vouch/ui';
import { lazy, Suspense, useState } from 'react';
import { SummaryCardFrame } from './summary-card-frame';

const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'));

export function ProfileSummaryPending({ summary }: { summary: MySummary }) {
  const [editing, setEditing] = useState(false);
  return (
    <SummaryCardFrame testId="profile-summary-pending">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading id="profile-summary-pending-heading" as="h2" size="lg" letterSpacing="-0.01em">
          Profile Summary
        </Heading>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Profile settings
        </Button>
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        Your summary, tags and shareable profile appear here once someone vouches for you and you accept. Ask a colleague who knows your work.
      </Text>
      <Suspense fallback={null}>{editing ? <ProfileSettingsDialog open={editing} onOpenChange={setEditing} profile={summary.profile} /> : null}</Suspense>
    </SummaryCardFrame>
  );
}
