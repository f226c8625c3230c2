/**
 * Why the last Create Vouch failed, said right above the buttons (issue 28: a 402 sat off-screen
 * at the top of a scrolled dialog while a stale toast talked about something else): a plan's
 * refusal with Upgrade, any other refusal as the server's sentence. Scrolled into view when it
 * appears, and again when `above` changes: the allowance, read again after the refusal, can grow
 * the note above the form and push the sentence out of view.
 */
import { PlanLimitNotice, planRefusal } from '@vouch/shell-sdk';
import { Box, Text } from '@vouch/ui';
import { useEffect, useRef } from 'react';

export function SubmitProblem({ error, above, onUpgrade }: { error: Error | null; above?: number | null | undefined; onUpgrade: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [error, above]);
  if (!error) return null;
  const refusal = planRefusal(error);
  return (
    <Box ref={ref} mt="4" data-testid="create-vouch-problem">
      {refusal ? (
        <PlanLimitNotice onUpgrade={onUpgrade}>{refusal}</PlanLimitNotice>
      ) : (
        <Text role="alert" color="red.700" fontSize="sm" fontWeight="medium">
          {error.message}
        </Text>
      )}
    </Box>
  );
}
