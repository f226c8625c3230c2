/**
 * The answer on the public vouch page: a signed-in recipient answers at once; anyone else first
 * verifies the phone in mf_auth's dialog (fetched on the first Accept / Decline, then kept
 * mounted). An accepted vouch leads to the dashboard 2 s later, unless the server offers Vouch
 * back for the voucher: then the page stays, with Vouch back and Go to your dashboard. Accepting
 * carries the relationship as the recipient corrected it (issue 28), chosen from their side and
 * sent from the voucher's, as the vouch stores it.
 */
import { inverseRelationship, type RespondVouchResponse, type VouchRelationship, type VouchResponseAction } from '@vouch/contracts';
import { currentUserQuery, useNavigate, useQueryClient } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import { useEffect, useRef, useState } from 'react';
import { endAnswerSession } from '../api/end-answer-session';
import { useRespondToVouch } from '../api/respond-vouch';
import { answerFailureToast, dashboardAfterAccept, DECLINED_WITHOUT_JOINING, PUBLIC_ANSWER_TOASTS, REDIRECT_AFTER_ACCEPT_MS, signedInAsRecipient } from './public-vouch';

export function usePublicVouchAnswer(vouchToken: string) {
  // What the voucher is to the recipient, as they corrected it; null: left as the voucher chose.
  const [correction, setCorrection] = useState<VouchRelationship | null>(null);
  const navigate = useNavigate();
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
  // The answer given on this page, once the server took it (the page then says "You declined…").
  const [answeredHere, setAnsweredHere] = useState<VouchResponseAction | null>(null);
  // After an acceptance that offers Vouch back: the voucher, and where Go to your dashboard leads.
  const [vouchBack, setVouchBack] = useState<{ voucher: NonNullable<RespondVouchResponse['vouchBack']>; dashboard: string } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    void queryClient.prefetchQuery(currentUserQuery);
  }, [queryClient]);

  /** `member` false: the phone was proven without an account (Decline, issue 44). */
  const answer = async (chosen: VouchResponseAction, isNewUser: boolean, member = true) => {
    let answered: RespondVouchResponse;
    try {
      const relationship = chosen === 'accept' && correction ? inverseRelationship(correction) : undefined;
      answered = await respond.mutateAsync({ vouchToken, action: chosen, ...(relationship ? { relationship } : {}) });
    } catch (error) {
      notify({ ...answerFailureToast(error), variant: 'destructive' });
      return;
    } finally {
      // A session that only proved the phone for this answer ends with it, whatever the answer
      // (nothing else is open to it).
      if (!member) await endAnswerSession();
    }
    setAnsweredHere(chosen);
    if (!member) {
      notify(DECLINED_WITHOUT_JOINING);
      return;
    }
    notify(PUBLIC_ANSWER_TOASTS[chosen]);
    if (chosen === 'accept') {
      const target = dashboardAfterAccept(isNewUser);
      if (answered.vouchBack) {
        setVouchBack({ voucher: answered.vouchBack, dashboard: target });
        return;
      }
      setRedirectingTo(target);
      redirectTimer.current = setTimeout(() => navigate(target), REDIRECT_AFTER_ACCEPT_MS);
    }
  };

  /** Accept or Decline clicked on a vouch for `recipientPhone` (as the page shows it, masked). */
  const open = async (next: VouchResponseAction, recipientPhone: string) => {
    setAction(next);
    setChecking(true);
    // Fetched when the page mounted; a failed session check counts as signed out (the dialog verifies the phone).
    const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
    setChecking(false);
    // The recipient, already signed in, verified this phone when signing in.
    if (signedInAsRecipient(user?.phone, recipientPhone)) {
      void answer(next, false);
      return;
    }
    setDialogWanted(true);
    setDialogOpen(true);
  };

  // Called by the dialog once the phone is verified (and the member signed in, unless declining
  // from a phone without an account: no account is made for a decline).
  const onVerified = ({ isNewUser, member }: { isNewUser: boolean; member?: boolean }) => answer(action, isNewUser, member !== false);

  return { vouchBack, goToDashboard: () => navigate(vouchBack?.dashboard ?? '/dashboard'), correction, setCorrection, action, answeredHere, checking, answering: respond.isPending, redirectingTo, dialogWanted, dialogOpen, setDialogOpen, open, onVerified };
}
