/**
 * "Ask for a vouch" on another member's profile (issue 28 item 4): a short optional message, then
 * POST /api/vouch-asks. While the ask is open the button says so; the state of the last ask
 * (waiting, declined, vouched) is said under the actions. A plan's refusal shows with Upgrade.
 */
import { vouchAskStateText, VOUCH_ASK_MESSAGE_MAX_LENGTH } from '@vouch/contracts';
import { PlanLimitNotice, planRefusal } from '@vouch/shell-sdk';
import { AppDialog, Button, Field, HStack, notify, Text, Textarea } from '@vouch/ui';
import { useState } from 'react';
import { useAskForVouch, useLatestVouchAsk } from '../../../api/vouch-asks';

export function AskVouchButton({ memberId, name }: { memberId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const latest = useLatestVouchAsk('sent', memberId);
  const ask = useAskForVouch();
  const refusal = planRefusal(ask.error);
  const close = (next: boolean) => {
    if (!next) {
      setMessage('');
      ask.reset();
    }
    setOpen(next);
  };
  const send = async () => {
    try {
      await ask.mutateAsync({ memberId, message: message.trim() || null });
      notify({ title: 'Ask sent', description: `${name} will see your ask for a Vouch.` });
      close(false);
    } catch (error) {
      if (!planRefusal(error)) notify({ title: 'Error', description: error instanceof Error ? error.message : 'Could not send the ask.', variant: 'destructive' });
    }
  };
  const waiting = latest.data?.status === 'open';
  const footer = (
    <HStack gap="2">
      <Button variant="ghost" onClick={() => close(false)} disabled={ask.isPending}>
        Cancel
      </Button>
      <Button colorPalette="brand" onClick={() => void send()} loading={ask.isPending} loadingText="Sending…">
        Send ask
      </Button>
    </HStack>
  );
  return (
    <>
      <Button variant="outline" colorPalette="brand" onClick={() => setOpen(true)} disabled={waiting || latest.isPending} data-testid="ask-for-vouch">
        {waiting ? 'Vouch asked' : 'Ask for a vouch'}
      </Button>
      {latest.data ? (
        <Text fontSize="sm" color="fg.muted" w="full" data-testid="vouch-ask-state">
          {vouchAskStateText(latest.data.status, name)}
        </Text>
      ) : null}
      <AppDialog open={open} onOpenChange={close} title={`Ask ${name} for a Vouch`} footer={footer}>
        {refusal ? (
          <PlanLimitNotice testId="vouch-ask-plan-refusal" onUpgrade={() => close(false)}>
            {refusal}
          </PlanLimitNotice>
        ) : null}
        <Field.Root>
          <Field.Label>Message (Optional)</Field.Label>
          <Textarea name="askMessage" rows={3} maxLength={VOUCH_ASK_MESSAGE_MAX_LENGTH} placeholder="What would you like them to vouch for?" value={message} onChange={(event) => setMessage(event.target.value)} />
          <Field.HelperText>{name} gets it in their notifications (and by text or push, as they chose), with a link to vouch for you or decline. Your message stays in the app.</Field.HelperText>
        </Field.Root>
      </AppDialog>
    </>
  );
}
