/**
 * "Request an introduction" to a member (issue 44), opened from their profile: the member chooses
 * who introduces them (their 1° connections who know the member; the path's first hop chosen
 * first) and says why. The connector forwards or declines; the member agrees or not.
 */
import { ADDRESSED_REQUEST_MESSAGES, INTRODUCTION_TEXT_MAX_LENGTH, type IntroductionConnectors, type RequestIntroPrefill } from '@vouch/contracts';
import { PlanLimitNotice, planRefusal } from '@vouch/shell-sdk';
import { AppDialog, Button, chakra, ChoiceCard, Field, HStack, ListFailed, ListLoading, notify, Stack, Text, Textarea } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { useCreateAddressedRequest, useIntroductionConnectors } from '../api/addressed-requests';
import { cannotAddress, firstConnector } from '../lib/addressed-request';
import { fallbackWithReason } from '../lib/toast-errors';

export interface AddressedRequestDialogProps {
  open: boolean;
  prefill: RequestIntroPrefill | null;
  onClose: () => void;
}

const FORM_ID = 'addressed-request-form';

function ConnectorChoice({ data, value, onChange }: { data: IntroductionConnectors; value: number | null; onChange: (id: number) => void }) {
  return (
    <chakra.fieldset border="0" p="0" m="0">
      <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
        Who introduces you to {data.target.name}?
      </chakra.legend>
      <Stack gap="2" data-testid="connector-choice">
        {data.connectors.map((connector) => (
          <ChoiceCard key={connector.id} checked={value === connector.id} alignItems="center" gap="2" p="2.5">
            <chakra.input type="radio" name="connector" value={connector.id} checked={value === connector.id} onChange={() => onChange(connector.id)} accentColor="brand.600" boxSize="3.5" />
            <chakra.span fontSize="sm" fontWeight="medium">
              {connector.name}
            </chakra.span>
            <chakra.span fontSize="xs" color="fg.muted">
              knows you both
            </chakra.span>
          </ChoiceCard>
        ))}
      </Stack>
    </chakra.fieldset>
  );
}

export default function AddressedRequestDialog({ open, prefill, onClose }: AddressedRequestDialogProps) {
  const connectors = useIntroductionConnectors(prefill?.to ?? null);
  const create = useCreateAddressedRequest();
  const [connectorId, setConnectorId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const data = connectors.data;
  useEffect(() => {
    if (data) setConnectorId((current) => current ?? firstConnector(data.connectors, prefill?.through ?? null));
  }, [data, prefill?.through]);
  const blocked = data ? cannotAddress(data) : null;
  const refusal = planRefusal(create.error);
  const reasonProblem = reason.trim() ? null : ADDRESSED_REQUEST_MESSAGES.reasonRequired;
  const connectorName = data?.connectors.find((c) => c.id === connectorId)?.name;

  const submit = () => {
    setTouched(true);
    if (!data || connectorId === null || reasonProblem) return;
    create.mutate(
      { targetId: data.target.id, connectorId, reason: reason.trim() },
      {
        onSuccess: () => {
          notify({ title: 'Introduction Requested', description: `We've asked ${connectorName} to introduce you to ${data.target.name}.` });
          onClose();
        },
        onError: (error) => {
          if (!planRefusal(error)) notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to request the introduction'), variant: 'destructive' });
        },
      },
    );
  };

  const footer = (
    <HStack gap="2">
      <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
        Cancel
      </Button>
      {data && !blocked ? (
        <Button type="submit" form={FORM_ID} colorPalette="brand" loading={create.isPending} loadingText="Sending…">
          Ask {connectorName ?? 'them'}
        </Button>
      ) : null}
    </HStack>
  );

  return (
    <AppDialog open={open && prefill !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={data ? `Request an introduction to ${data.target.name}` : 'Request an introduction'} footer={footer}>
      {refusal ? (
        <PlanLimitNotice testId="introduction-plan-refusal" onUpgrade={onClose}>
          {refusal}
        </PlanLimitNotice>
      ) : null}
      {connectors.isPending ? (
        <ListLoading label="Finding who can introduce you…" />
      ) : connectors.isError || !data ? (
        <ListFailed what="who can introduce you" onRetry={() => void connectors.refetch()} />
      ) : blocked ? (
        <Text data-testid="addressed-request-blocked">{blocked}</Text>
      ) : (
        <chakra.form
          id={FORM_ID}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <ConnectorChoice data={data} value={connectorId} onChange={setConnectorId} />
            <Field.Root required invalid={touched && !!reasonProblem} disabled={create.isPending}>
              <Field.Label>
                Why would you like to meet {data.target.name}? <Field.RequiredIndicator />
              </Field.Label>
              <Textarea name="reason" rows={4} maxLength={INTRODUCTION_TEXT_MAX_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} onBlur={() => setTouched(true)} />
              {touched && reasonProblem ? <Field.ErrorText color="red.700">{reasonProblem}</Field.ErrorText> : <Field.HelperText>{connectorName ?? 'Your connection'} reads this first, then {data.target.name} if they forward it.</Field.HelperText>}
            </Field.Root>
            <Text fontSize="xs" color="fg.muted">
              {data.target.name} sees your number only if they agree to the introduction. Uses one introduction request of your plan this month.
            </Text>
          </Stack>
        </chakra.form>
      )}
    </AppDialog>
  );
}
