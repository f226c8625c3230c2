/**
 * /vouch/:vouchToken (SPEC "Public Vouch page"): anyone with the link sees the vouch; the
 * recipient accepts or declines after verifying their phone in mf_auth's dialog (loaded at run
 * time), and the server decides whether the phone is theirs.
 */
import { publicVouchHeading, type VouchResponseAction } from '@vouch/contracts';
import { RemoteSlot, useDocumentTitle, useFirstScreenDone, useParams, useSecondPass } from '@vouch/shell-sdk';
import { Box, Button, Stack, Text } from '@vouch/ui';
import { VouchBackPrompt } from '../../create-vouch';
import { usePublicVouch } from '../api/public-vouch';
import { VouchDetails } from '../../../components/vouch-details';
import { expiryText, isAnswerable } from '../../../lib/vouch-text';
import { isNotFound, removedBySender } from '../lib/public-vouch';
import { usePublicVouchAnswer } from '../lib/use-public-vouch-answer';
import { PublicVouchAnswer } from './public-vouch-answer';
import { PublicVouchFrame, PublicVouchLoading } from './public-vouch-frame';
import { PublicVouchHero } from './public-vouch-hero';
import { VouchRecipientLine } from './vouch-recipient-line';
import { VouchUnavailable } from './vouch-unavailable';

const CONFIRM_LABELS: Record<VouchResponseAction, string> = { accept: 'Accept Vouch', reject: 'Decline Vouch' };

export function PublicVouchPage() {
  const { vouchToken = '' } = useParams();
  const query = usePublicVouch(vouchToken);
  const answer = usePublicVouchAnswer(vouchToken);
  useDocumentTitle(query.data && !('removed' in query.data) ? publicVouchHeading(query.data.type) : 'Vouch');
  // Who vouched for whom first, the vouch's details and the answer in a second commit (issue 17);
  // the server's first screen (who vouched for whom) stays until then, or until the error.
  const complete = useSecondPass(query.isSuccess);
  useFirstScreenDone(query.isError || complete);

  if (query.isPending) return <PublicVouchLoading />;
  if (query.isError) return <VouchUnavailable failed={!isNotFound(query.error)} removed={removedBySender(query.error)} />;
  if ('removed' in query.data) return <VouchUnavailable failed={false} removed={query.data.detail} />;
  const vouch = query.data;
  const answerable = isAnswerable(vouch);

  return (
    <PublicVouchFrame>
      <Box bg="white" rounded="2xl" shadow="md" overflow="hidden" borderWidth="1px" borderColor="gray.100" data-testid="public-vouch">
        <PublicVouchHero vouch={vouch} />
        <Stack gap="6" px={{ base: '5', md: '8' }} py="6">
          <VouchRecipientLine vouch={vouch} />

          {complete ? (
            <>
              <Box bg="gray.50" rounded="xl" p="5">
                <VouchDetails vouch={vouch} size="md" />
              </Box>

              {/* Once answered, when it would have expired no longer matters (issue 16). */}
              {vouch.status === 'pending' ? (
                <Text fontSize="sm" color={answerable ? 'fg.muted' : 'red.600'} textAlign="center" data-testid="vouch-expiry">
                  {expiryText(vouch.expiresAt)}
                </Text>
              ) : null}

              <PublicVouchAnswer
                vouch={vouch}
                answerable={answerable && answer.answeredHere === null}
                redirectingTo={answer.redirectingTo}
                action={answer.action}
                answeredHere={answer.answeredHere}
                checking={answer.checking}
                answering={answer.answering}
                onChoose={(next) => void answer.open(next, vouch.recipientPhone)}
                correction={answer.correction}
                onCorrect={answer.setCorrection}
              />
              {answer.vouchBack ? (
                <VouchBackPrompt voucher={answer.vouchBack.voucher}>
                  <Button variant="ghost" onClick={answer.goToDashboard}>
                    Go to your dashboard
                  </Button>
                </VouchBackPrompt>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Box>
      {answer.dialogWanted ? (
        <RemoteSlot
          remote="mf_auth"
          module="./PhoneVerificationDialog"
          compact
          fallback={null}
          props={{ open: answer.dialogOpen, onOpenChange: answer.setDialogOpen, vouchToken, join: answer.action === 'accept', confirmLabel: CONFIRM_LABELS[answer.action], onVerified: answer.onVerified }}
        />
      ) : null}
    </PublicVouchFrame>
  );
}
