/**
 * Above the Create Vouch form (issue 16): what is left of this month's allowance for the chosen
 * kind, and at the limit (known before filling the form, or from a 402) the sentence with an
 * Upgrade button to /subscription.
 */
import { RouterLink } from '@vouch/shell-sdk';
import { Text, UpgradeNotice } from '@vouch/ui';
import type { Allowance } from '../lib/allowance';

export function AllowanceNote({ allowance, refusal, onUpgrade }: { allowance: Allowance | null; refusal: string | null; onUpgrade: () => void }) {
  const atLimit = refusal ?? (allowance?.left === 0 ? allowance.text : null);
  if (atLimit) {
    return (
      <UpgradeNotice
        testId="vouch-allowance"
        upgrade={
          <RouterLink to="/subscription" onClick={onUpgrade}>
            Upgrade
          </RouterLink>
        }
      >
        {atLimit}
      </UpgradeNotice>
    );
  }
  if (!allowance) return null;
  return (
    <Text fontSize="sm" color="fg.muted" mb="4" data-testid="vouch-allowance">
      {allowance.text}
    </Text>
  );
}
