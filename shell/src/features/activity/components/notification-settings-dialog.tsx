/**
 * Notification settings (issue 40): for each kind of notification, whether it also comes by text
 * and by push (the bell has everything), saved as each box changes; and the members the member
 * takes no asks for a Vouch from, each with Unblock.
 */
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '@vouch/contracts';
import { AppDialog, Box, Button, chakra, Flex, Grid, Heading, ListFailed, ListLoading, notify, Stack, Text } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { useAskBlocks, useChangeNotificationPreference, useNotificationPreferences, useUnblockAsks } from '../api/notification-preferences';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { text: 'Text', push: 'Push' };

function ChannelBox({ kind, channel, on, onChange }: { kind: NotificationKind; channel: NotificationChannel; on: boolean; onChange: (on: boolean) => void }) {
  // The box follows the click at once (the saved choice arrives a moment later, and goes back if the save fails).
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);
  return (
    <Flex justify="center">
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange(event.target.checked);
        }}
        aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
        accentColor="brand.600"
        boxSize="4"
      />
    </Flex>
  );
}

function Blocks({ open }: { open: boolean }) {
  const blocks = useAskBlocks(open);
  const unblock = useUnblockAsks();
  if (!blocks.data?.length) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="ask-blocks-heading">
      <Heading as="h3" size="sm" id="ask-blocks-heading">
        Not taking asks for a Vouch from
      </Heading>
      {blocks.data.map((block) => (
        <Flex key={block.member.id} justify="space-between" align="center" gap="3">
          <Text fontSize="sm">{block.member.name}</Text>
          <Button size="xs" variant="outline" loading={unblock.isPending && unblock.variables === block.member.id} onClick={() => unblock.mutate(block.member.id)}>
            Unblock
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}

export function NotificationSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const preferences = useNotificationPreferences(open);
  const change = useChangeNotificationPreference();
  const save = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    change.mutate({ kind, channel, on }, { onError: () => notify({ title: 'Error', description: 'Could not save your notification settings.', variant: 'destructive' }) });
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Notification settings" size="md">
      <Stack gap="5" data-testid="notification-settings">
        <Text fontSize="sm" color="fg.muted">
          Everything shows in your notifications here. Choose what also reaches your phone: a text message, or a push notification on the devices where you use the app.
          Reply STOP to any of our texts to stop them all.
        </Text>
        {preferences.isPending ? (
          <ListLoading label="Loading your settings…" />
        ) : preferences.isError ? (
          <ListFailed what="your settings" onRetry={() => void preferences.refetch()} />
        ) : (
          <Grid templateColumns="1fr auto auto" columnGap="4" rowGap="2" alignItems="center" role="group" aria-label="Notification channels">
            <Box />
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
              {CHANNEL_LABELS.text}
            </Text>
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
              {CHANNEL_LABELS.push}
            </Text>
            {NOTIFICATION_KINDS.map((kind) => (
              <Box key={kind} display="contents">
                <Text fontSize="sm">{NOTIFICATION_KIND_LABELS[kind]}</Text>
                {(['text', 'push'] as const).map((channel) => (
                  <ChannelBox key={channel} kind={kind} channel={channel} on={preferences.data[kind][channel]} onChange={(on) => save(kind, channel, on)} />
                ))}
              </Box>
            ))}
          </Grid>
        )}
        <Blocks open={open} />
      </Stack>
    </AppDialog>
  );
}
