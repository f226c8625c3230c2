/**
 * The dialog of a tapped onboarding slot (SPEC "Network map", §4): a filled slot shows its
 * vouch; an open one its numbered question and theme (1–5 Character Traits, 6–10 Skills &
 * Expertise, above 10 Accomplishments & Impact) and, when the host can, a way to create a vouch.
 */
import { AppDialog, Badge, Box, Button, HStack, Stack, Text } from '@vouch/ui';
import { formatTimeAgo, questionTheme, type OnboardingNode } from '@vouch/contracts';
import { onboardingKind } from '../lib/onboarding';

export interface OnboardingNodeDialogProps {
  node: OnboardingNode | null;
  onClose: () => void;
  onOpenCreateVouch?: () => void;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
        {label}
      </Text>
      <Text whiteSpace="pre-wrap">{value}</Text>
    </Box>
  );
}

export function OnboardingNodeDialog({ node, onClose, onOpenCreateVouch }: OnboardingNodeDialogProps) {
  if (!node) return null;
  const kind = onboardingKind(node.type);
  const vouch = node.isActive ? node.vouch : undefined;
  const number = node.question?.number ?? 0;

  return (
    <AppDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={vouch ? vouch.name : `Question ${number}`}
      footer={
        <HStack gap="3">
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {!vouch && onOpenCreateVouch ? (
            <Button colorPalette="brand" onClick={onOpenCreateVouch}>
              Create a Vouch
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Stack gap="4" data-testid="onboarding-node-dialog">
        <HStack gap="2" wrap="wrap">
          <Badge style={{ background: kind.soft, color: kind.color }}>{kind.label}</Badge>
          {vouch ? (
            <Badge colorPalette="gray" variant="subtle">
              {vouch.direction === 'given' ? 'You vouched for them' : 'They vouched for you'}
            </Badge>
          ) : (
            <Badge colorPalette="gray" variant="subtle">
              {node.question?.theme ?? questionTheme(number)}
            </Badge>
          )}
        </HStack>
        {vouch ? (
          <>
            <Field label="Type" value={vouch.type === 'invite' ? 'Invite' : 'Recommendation'} />
            <Field label="Reason" value={vouch.reason} />
            <Field label="Character traits" value={vouch.characterTraits} />
            <Field label="Skills" value={vouch.skills} />
            <Field label="Accomplishments" value={vouch.accomplishments} />
            <Field label="Accepted" value={vouch.acceptedAt ? formatTimeAgo(vouch.acceptedAt) : null} />
          </>
        ) : (
          <>
            <Text fontSize="lg" fontWeight="medium">
              {node.question?.text}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              This {kind.label.toLowerCase()} slot is open. Think of the person who comes to mind and vouch for them: once they accept, they fill this slot.
            </Text>
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
