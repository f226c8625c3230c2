/**
 * Above the Create Vouch form (issue 16): what is left of this month's allowance for the chosen
 * kind, and at the limit (known before filling the form) the sentence with an Upgrade button to
 * /subscription. A 402 on submit is said by the buttons instead (SubmitProblem).
 */
import { PlanLimitNotice } from '@vouch/shell-sdk';
import { Text } from '@vouch/ui';
import type { Allowance } from '../lib/allowance';

export function AllowanceNote({ allowance, onUpgrade }: { allowance: Allowance | null; onUpgrade: () => void }) {
  const atLimit = allowance?.left === 0 ? allowance.text : null;
  if (atLimit) {
    return (
      <PlanLimitNotice testId="vouch-allowance" onUpgrade={onUpgrade}>
        {atLimit}
      </PlanLimitNotice>
    );
  }
  if (!allowance) return null;
  return (
    <Text fontSize="sm" color="fg.muted" mb="4" data-testid="vouch-allowance">
      {allowance.text}
    </Text>
  );
}
