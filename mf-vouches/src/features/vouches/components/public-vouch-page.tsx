/**
 * /vouch/:vouchToken (SPEC "Public Vouch page"): anyone with the link sees the vouch; the
 * recipient accepts or declines after verifying their phone in mf_auth's dialog (loaded at run
 * time), and the server decides whether the phone is theirs.
 */
import { publicVouchHeading, type Vouch, type VouchResponseAction } from '@vouch/contracts';
import { currentUserQuery, RemoteSlot, useDocumentTitle, useFirstScreenDone, useNavigate, useParams, useQueryClient, useSecondPass } from '@vouch/shell-sdk';
import { Badge, Box, Button, Center, Flex, Heading, ShieldCheckIcon, Spinner, Stack, Text, UserPlusIcon, XCircleIcon, notify } from '@vouch/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRespondToVouch } from '../api/respond-vouch';
import { VouchStatusBadge } from '../../../components/status-badge';
import { VouchDetails } from '../../../components/vouch-details';
import { expiryText, isAnswerable, VOUCH_TYPE_LABELS } from '../../../lib/vouch-text';
import {
  answerFailureToast,
  dashboardAfterAccept,
  isNotFound,
  PUBLIC_ANSWER_TOASTS,
  removedBySender,
  signedInAsRecipient,
  REDIRECT_AFTER_ACCEPT_MS,
} from '../lib/public-vouch';
import { usePublicVouch } from '../api/public-vouch';

const CONFIRM_LABELS: Record<VouchResponseAction, string> = { accept: 'Accept Vouch', reject: 'Decline Vouch' };

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box maxW="xl" mx="auto" w="full">
      {children}
    </Box>
  );
}

function LoadingState() {
  return (
    <Frame>
      <Center py="20" gap="3" role="status" aria-live="polite">
        <Spinner color="brand.600" />
        <Text color="fg.muted">Loading Vouch details</Text>
      </Center>
    </Frame>
  );
}

/** Not found, failed to load, or (410) revoked by its sender: one card with the reason. */
function NotFoundState({ failed, removed }: { failed: boolean; removed?: string | null }) {
  return (
    <Frame>
      <Stack align="center" textAlign="center" gap="3" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" px="6" py="12" shadow="sm">
        <Center boxSize="14" rounded="full" bg="gray.100" color="gray.500">
          <XCircleIcon boxSize="7" />
        </Center>
        <Heading as="h1" size="xl">
          {removed ? 'Vouch Removed' : failed ? "We couldn't load this Vouch" : 'Vouch Not Found'}
        </Heading>
        <Text color="fg.muted" data-testid="vouch-unavailable-reason">
          {removed ?? (failed ? 'Please check your connection and refresh the page.' : 'This Vouch may have expired or been removed.')}
        </Text>
      </Stack>
    </Frame>
  );
}

function Hero({ vouch }: { vouch: Vouch }) {
  const invite = vouch.type === 'invite';
  return (
    <Box bgGradient="to-br" gradientFrom="brand.600" gradientTo="brand.800" color="white" px={{ base: '6', md: '8' }} pt="8" pb="7" textAlign="center">
      <Center boxSize="14" mx="auto" rounded="full" bg="whiteAlpha.200" borderWidth="1px" borderColor="whiteAlpha.400">
        {invite ? <UserPlusIcon boxSize="7" /> : <ShieldCheckIcon boxSize="7" />}
      </Center>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" mt="3">
        {publicVouchHeading(vouch.type)}
      </Heading>
      <Text mt="2" color="whiteAlpha.900">
        {invite ? (
          <>
            <b>{vouch.voucherName}</b> invited <b>{vouch.recipientName}</b> to join a professional network built on trust.
          </>
        ) : (
          <>
            <b>{vouch.voucherName}</b> vouched for <b>{vouch.recipientName}</b>.
          </>
        )}
      </Text>
    </Box>
  );
}

export function PublicVouchPage() {
  const { vouchToken = '' } = useParams();
  const navigate = useNavigate();
  const query = usePublicVouch(vouchToken);
  const respond = useRespondToVouch('accept');
  // Who is signed in matters only once the visitor answers: read then, so the session's answer
  // (a request of its own) does not render the whole page a second time (issue 17).
  const queryClient = useQueryClient();
  const [action, setAction] = useState<VouchResponseAction>('accept');
  const [dialogOpen, setDialogOpen] = useState(false);
  // While a click waits for the session check still on its way, both answers wait with it.
  const [checking, setChecking] = useState(false);
  // mf_auth's dialog is fetched on the first Accept / Decline, then stays mounted (it closes itself).
  const [dialogWanted, setDialogWanted] = useState(false);
  const [redirectingTo, setRedirectingTo] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useDocumentTitle(query.data ? publicVouchHeading(query.data.type) : 'Vouch');
  // Who vouched for whom first, the vouch's details and the answer in a second commit (issue 17);
  // the server's first screen (who vouched for whom) stays until then, or until the error.
  const complete = useSecondPass(query.isSuccess);
  useFirstScreenDone(query.isError || complete);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    void queryClient.prefetchQuery(currentUserQuery);
  }, [queryClient]);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <NotFoundState failed={!isNotFound(query.error)} removed={removedBySender(query.error)} />;
  const vouch = query.data;
  const invite = vouch.type === 'invite';
  const answerable = isAnswerable(vouch);

  const answer = async (chosen: VouchResponseAction, isNewUser: boolean) => {
    try {
      await respond.mutateAsync({ vouchToken, action: chosen });
    } catch (error) {
      notify({ ...answerFailureToast(error), variant: 'destructive' });
      return;
    }
    notify(PUBLIC_ANSWER_TOASTS[chosen]);
    if (chosen === 'accept') {
      const target = dashboardAfterAccept(isNewUser);
      setRedirectingTo(target);
      redirectTimer.current = setTimeout(() => navigate(target), REDIRECT_AFTER_ACCEPT_MS);
    }
  };

  const open = async (next: VouchResponseAction) => {
    setAction(next);
    setChecking(true);
    // Fetched when the page mounted; a failed session check counts as signed out (the dialog verifies the phone).
    const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
    setChecking(false);
    // The recipient, already signed in, verified this phone when signing in.
    if (signedInAsRecipient(user?.phone, vouch.recipientPhone)) {
      void answer(next, false);
      return;
    }
    setDialogWanted(true);
    setDialogOpen(true);
  };

  // Called by the dialog once the phone is verified (and the member signed in).
  const onVerified = ({ isNewUser }: { isNewUser: boolean }) => answer(action, isNewUser);

  return (
    <Frame>
      <Box bg="white" rounded="2xl" shadow="md" overflow="hidden" borderWidth="1px" borderColor="gray.100" data-testid="public-vouch">
        <Hero vouch={vouch} />
        <Stack gap="6" px={{ base: '5', md: '8' }} py="6">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Box>
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" fontWeight="semibold">
                For
              </Text>
              <Text fontSize="xl" fontWeight="bold" data-testid="recipient-name">
                {vouch.recipientName}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Phone ending in {vouch.recipientPhone.slice(-4)}
              </Text>
            </Box>
            <Flex gap="2" align="center">
              <Badge colorPalette="brand" variant="subtle" rounded="full">
                {VOUCH_TYPE_LABELS[vouch.type]}
              </Badge>
              <VouchStatusBadge status={vouch.status} />
            </Flex>
          </Flex>

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

              {redirectingTo ? (
                <Center gap="2" role="status" aria-live="polite" py="2">
                  <Spinner size="sm" color="brand.600" />
                  <Text color="fg.muted">Taking you to your dashboard…</Text>
                </Center>
              ) : vouch.status !== 'pending' ? (
                <Text textAlign="center" fontWeight="medium" data-testid="vouch-answered">
                  This Vouch has already been {vouch.status}.
                </Text>
              ) : answerable ? (
                <Stack gap="3">
                  <Flex gap="3" direction={{ base: 'column', sm: 'row-reverse' }}>
                    <Button colorPalette="brand" size="lg" flex={{ sm: '1' }} onClick={() => void open('accept')} disabled={respond.isPending || checking} loading={checking && action === 'accept'}>
                      {invite ? 'Join Vouch' : 'Accept'}
                    </Button>
                    <Button variant="outline" size="lg" flex={{ sm: '1' }} onClick={() => void open('reject')} disabled={respond.isPending || checking} loading={checking && action === 'reject'}>
                      Decline
                    </Button>
                  </Flex>
                  <Text fontSize="xs" color="fg.muted" textAlign="center">
                    We'll text a code to the phone ending in {vouch.recipientPhone.slice(-4)} to confirm it's you.
                  </Text>
                </Stack>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Box>
      {dialogWanted ? (
        <RemoteSlot
          remote="mf_auth"
          module="./PhoneVerificationDialog"
          compact
          fallback={null}
          props={{ open: dialogOpen, onOpenChange: setDialogOpen, vouchToken, confirmLabel: CONFIRM_LABELS[action], onVerified }}
        />
      ) : null}
    </Frame>
  );
}
