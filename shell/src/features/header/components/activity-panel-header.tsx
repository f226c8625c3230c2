/** "Recent Activity", and while the list is empty why: loading, failed, or nothing yet. */
import { BellIcon, Heading, Spinner, Stack, Text } from '@vouch/ui';

function BellStatus({ title, text, busy }: { title: string; text?: string; busy?: boolean }) {
  return (
    <Stack align="center" gap="1" py="5" textAlign="center" role="status">
      {busy ? <Spinner size="sm" color="brand.600" /> : <BellIcon boxSize="6" color="fg.subtle" />}
      <Text fontSize="sm" fontWeight="medium" color="fg">
        {title}
      </Text>
      {text ? (
        <Text fontSize="xs" color="fg.muted">
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ActivityPanelHeader({ isPending, isError, empty }: { isPending: boolean; isError: boolean; empty: boolean }) {
  return (
    <Stack gap="1" data-testid="activity-panel">
      <Heading as="h2" fontSize="sm" fontWeight="semibold" color="fg">
        Recent Activity
      </Heading>
      {isPending ? (
        <BellStatus title="Loading activities..." busy />
      ) : isError ? (
        <BellStatus title="Could not load activities" text="We will try again shortly." />
      ) : empty ? (
        <BellStatus title="No recent activity" text="Your network activities will appear here" />
      ) : null}
    </Stack>
  );
}
