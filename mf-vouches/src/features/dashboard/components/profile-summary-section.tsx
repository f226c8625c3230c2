/**
 * The profile summary as the dashboard and Stats place it: loading, the screen error "Error
 * loading profile. Please refresh." (SPEC §8), the card, or — before the first vouch received —
 * the note saying where it will be.
 */
import { Box, Center, Spinner, Text } from '@vouch/ui';
import { useMySummary } from '../api/my-summary';
import { hasSummaryCard } from '../../../lib/profile-summary';
import { ProfileSummaryCard } from './profile-summary-card';
import { ProfileSummaryPending } from './profile-summary-pending';

export const PROFILE_LOAD_ERROR = 'Error loading profile. Please refresh.';

export function ProfileLoadError() {
  return (
    <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.100" color="red.800" rounded="xl" px="5" py="4" data-testid="profile-load-error">
      <Text fontWeight="medium">{PROFILE_LOAD_ERROR}</Text>
    </Box>
  );
}

export function ProfileSummarySection({ name }: { name: string }) {
  const summary = useMySummary();
  if (summary.isPending) {
    return (
      <Center py="10" gap="3" role="status" aria-live="polite" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100">
        <Spinner size="sm" color="brand.600" />
        <Text color="fg.muted" fontSize="sm">
          Loading your profile…
        </Text>
      </Center>
    );
  }
  if (summary.isError || !summary.data) return <ProfileLoadError />;
  if (hasSummaryCard(summary.data)) return <ProfileSummaryCard summary={summary.data} name={name} />;
  return <ProfileSummaryPending summary={summary.data} />;
}
