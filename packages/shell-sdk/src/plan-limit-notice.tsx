/**
 * A plan's refusal said where it happened, with Upgrade to /subscription (issue 16: "wherever a
 * 402 or a tier restriction appears, offer Upgrade"): the one block every dialog shows (Request
 * Introduction, Ask for a Vouch, Create Vouch). `onUpgrade` runs on the way (a dialog closes).
 * The notice is @vouch/ui's (it knows no router); the link is this package's router link.
 */
import { RouterLink } from '@vouch/shell-sdk/base';
import { UpgradeNotice } from '@vouch/ui';
import type { ReactNode } from 'react';

export interface PlanLimitNoticeProps {
  /** The sentence: the server's (planRefusal) or the allowance's. */
  children: ReactNode;
  onUpgrade?: () => void;
  testId?: string;
}

export function PlanLimitNotice({ children, onUpgrade, testId }: PlanLimitNoticeProps) {
  return (
    <UpgradeNotice
      testId={testId}
      upgrade={
        <RouterLink to="/subscription" onClick={onUpgrade}>
          Upgrade
        </RouterLink>
      }
    >
      {children}
    </UpgradeNotice>
  );
}
