/**
 * The Create Vouch dialog (SPEC "Create Vouch dialog", §4): the form, then — after a
 * successful create — the review-and-share step. Closing resets it to an empty form.
 * Opened by the header's `./CreateVouchButton` and by the dashboard; import it lazily
 * through `LazyCreateVouchDialog` (lazy-create-vouch-dialog.tsx) so its code loads on the first open.
 */
import type { CreatedVouch } from '@vouch/contracts';
import { useQueryClient } from '@vouch/shell-sdk';
import { AppDialog, Button, HStack } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { useCreateVouch } from '../api/create-vouch';
import { useCurrentUsage } from '../api/current-usage';
import { refreshWhenVouchDialogCloses, USAGE_QUERY_KEY } from '../../../lib/query-keys';
import { allowanceFor } from '../lib/allowance';
import { checkVouchForm, EMPTY_VOUCH_FORM, prefilledVouchForm, toCreateVouchBody, type VouchFormField, type VouchFormState, type VouchPrefill } from '../lib/vouch-form';
import { AllowanceNote } from './allowance-note';
import { CreateVouchForm, focusFormField } from './create-vouch-form';
import { SubmitProblem } from './submit-problem';
import { VouchAskNotice } from './vouch-ask-notice';
import { VouchReview } from './vouch-review';

export interface CreateVouchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened for a member (Vouch for, Vouch back, an ask): their name filled in, their phone private. */
  prefill?: VouchPrefill | null;
}

const FORM_ID = 'create-vouch-form';

export default function CreateVouchDialog({ open, onOpenChange, prefill }: CreateVouchDialogProps) {
  const [form, setForm] = useState<VouchFormState>(() => prefilledVouchForm(prefill));
  const [problems, setProblems] = useState<Partial<Record<VouchFormField, string>>>({});
  const [created, setCreated] = useState<CreatedVouch | null>(null);
  const create = useCreateVouch();
  const queryClient = useQueryClient();
  const usage = useCurrentUsage(open && !created);
  const allowance = usage.data ? allowanceFor(usage.data, form.type) : null;
  // Each opening for a member starts from their prefilled form (closing resets to the empty one).
  const prefillMemberId = prefill?.memberId ?? null;
  const prefillName = prefill?.name ?? '';
  useEffect(() => {
    if (open && prefillMemberId !== null) setForm(prefilledVouchForm({ memberId: prefillMemberId, name: prefillName }));
  }, [open, prefillMemberId, prefillName]);

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY_VOUCH_FORM);
      setProblems({});
      setCreated(null);
      create.reset();
      void refreshWhenVouchDialogCloses(queryClient);
    }
    onOpenChange(next);
  };

  const submit = () => {
    const found = checkVouchForm(form);
    setProblems(Object.fromEntries(found.map((p) => [p.field, p.message])));
    const first = found[0];
    if (first) {
      // Shown once, under its field (issue 16: not also as a toast); the focus goes there.
      focusFormField(FORM_ID, first.field);
      return;
    }
    // Either way the allowance has moved (or was used up elsewhere): read it again.
    const refreshUsage = () => void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
    create.mutate(toCreateVouchBody(form), {
      onSuccess: (vouch) => {
        setCreated(vouch);
        refreshUsage();
      },
      onError: refreshUsage,
    });
  };

  const footer = created ? (
    <Button colorPalette="brand" variant="outline" onClick={() => close(false)}>
      Done
    </Button>
  ) : (
    <HStack gap="2">
      <Button variant="ghost" onClick={() => close(false)} disabled={create.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} colorPalette="brand" loading={create.isPending} loadingText="Creating…" disabled={allowance?.left === 0}>
        Create Vouch
      </Button>
    </HStack>
  );

  return (
    <AppDialog open={open} onOpenChange={close} title={created ? 'Share your Vouch' : 'Create a Vouch'} footer={footer} size="lg">
      {created ? (
        <VouchReview vouch={created} />
      ) : (
        <>
          {prefillMemberId !== null ? <VouchAskNotice memberId={prefillMemberId} onDeclined={() => close(false)} /> : null}
          <AllowanceNote allowance={allowance} onUpgrade={() => close(false)} />
          <CreateVouchForm id={FORM_ID} form={form} onChange={setForm} onSubmit={submit} problems={problems} disabled={create.isPending} />
          <SubmitProblem error={create.error} above={allowance?.left} onUpgrade={() => close(false)} />
        </>
      )}
    </AppDialog>
  );
}
