/**
 * The Request Introduction dialog (SPEC "Request Introduction dialog", §5, §6, §7, §8): tabs
 * Create Request and Network Analysis: a request to the whole network ("find me someone who…";
 * one addressed to a member is addressed-request-dialog.tsx). Loaded on first open through
 * `LazyRequestIntroDialog`. Closing resets the form.
 */
import { PlanLimitNotice, planRefusal } from '@vouch/shell-sdk';
import { AppDialog, Box, Button, HStack, notify, Tabs } from '@vouch/ui';
import { useState } from 'react';
import { useCreateIntroductionRequest } from '../api/introduction-requests';
import { useSubscriptionStatus } from '../api/network-analysis';
import { allowedDegrees, checkRequestForm, EMPTY_REQUEST_FORM, toCreateRequestBody, type RequestFormField, type RequestFormState } from '../lib/request-form';
import { serverMessageOr } from '../lib/toast-errors';
import { NetworkAnalysisPanel } from './network-analysis-panel';
import { RequestForm } from './request-form';

export interface RequestIntroDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FORM_ID = 'request-introduction-form';
/** The tab panels' fixed height: the form's height on a desktop, and what a phone leaves below the header, tabs and footer. */
const PANEL_HEIGHT = 'min(30rem, calc(100dvh - 17rem))';
/** Both tabs' main buttons are one width, so Cancel beside them does not move either. */
const MAIN_ACTION_WIDTH = '11rem';

export default function RequestIntroDialog({ open, onOpenChange }: RequestIntroDialogProps) {
  const [form, setForm] = useState<RequestFormState>(EMPTY_REQUEST_FORM);
  const [missing, setMissing] = useState<RequestFormField[]>([]);
  const [tab, setTab] = useState('create');
  const create = useCreateIntroductionRequest();
  const status = useSubscriptionStatus(open);
  const allowed = allowedDegrees(status.data?.plan.name);
  // A plan's refusal (402 at the monthly limit, 403 PLAN_TIER) is said above the form with Upgrade, not as a toast.
  const refusal = planRefusal(create.error);

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY_REQUEST_FORM);
      setMissing([]);
      setTab('create');
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    const checked = checkRequestForm(form);
    setMissing(checked.fields);
    if (checked.message) {
      notify({ title: 'Error', description: checked.message, variant: 'destructive' });
      return;
    }
    create.mutate(toCreateRequestBody(form), {
      onSuccess: () => {
        notify({ title: 'Introduction Request Created', description: 'Your request has been sent to your network for suggestions.' });
        close(false);
      },
      onError: (error) => {
        if (!planRefusal(error)) notify({ title: 'Error', description: serverMessageOr(error, 'Failed to create introduction request'), variant: 'destructive' });
      },
    });
  };

  // The same two places on both tabs (issue 28: the buttons jumped when switching): Cancel, then the tab's main action.
  const footer = (
    <HStack gap="2">
      <Button variant="ghost" onClick={() => close(false)} disabled={create.isPending}>
        Cancel
      </Button>
      {tab === 'create' ? (
        <Button type="submit" form={FORM_ID} colorPalette="brand" minW={MAIN_ACTION_WIDTH} loading={create.isPending} loadingText="Sending…">
          Create Request
        </Button>
      ) : (
        <Button colorPalette="brand" minW={MAIN_ACTION_WIDTH} onClick={() => setTab('create')}>
          Continue to request
        </Button>
      )}
    </HStack>
  );

  return (
    <AppDialog open={open} onOpenChange={close} title="Request an Introduction" footer={footer} size="lg">
      {refusal ? (
        <PlanLimitNotice testId="introduction-plan-refusal" onUpgrade={() => close(false)}>
          {refusal}
        </PlanLimitNotice>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="create">Create Request</Tabs.Trigger>
          <Tabs.Trigger value="analysis">Network Analysis</Tabs.Trigger>
        </Tabs.List>
        {/* One height for both tabs (scrolling inside), so the footer below stays where it is. */}
        <Box h={PANEL_HEIGHT} overflowY="auto" data-testid="request-intro-panels">
          <Tabs.Content value="create">
            <RequestForm
              id={FORM_ID}
              form={form}
              onChange={(next) => {
                setForm(next);
                if (missing.length) setMissing(checkRequestForm(next).fields.filter((field) => missing.includes(field)));
              }}
              onSubmit={submit}
              missing={missing}
              allowed={allowed}
              disabled={create.isPending}
              onUpgrade={() => close(false)}
            />
          </Tabs.Content>
          <Tabs.Content value="analysis">
            <NetworkAnalysisPanel
              degree={form.degreeLevel}
              onDegreeChange={(degreeLevel) => setForm({ ...form, degreeLevel })}
              allowed={allowed}
              enabled={open && tab === 'analysis'}
              onUpgrade={() => close(false)}
            />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </AppDialog>
  );
}

