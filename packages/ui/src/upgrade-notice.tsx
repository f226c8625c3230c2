/**
 * A plan's refusal said where it happened (issue 16: "wherever a 402 or a tier restriction
 * appears, offer Upgrade"): the sentence, with an Upgrade button. `upgrade` is the link to
 * /subscription (a router link from the caller: this package knows no router), rendered as the
 * button. It only shows inside dialogs, after a refusal, so its code is a lazily loaded chunk,
 * not part of every first load.
 */
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';

export interface UpgradeNoticeProps {
  children: ReactNode;
  upgrade: ReactElement;
  testId?: string;
}

const UpgradeNoticeImpl = lazy(() => import('./upgrade-notice-impl'));

export function UpgradeNotice(props: UpgradeNoticeProps) {
  return (
    <Suspense fallback={null}>
      <UpgradeNoticeImpl {...props} />
    </Suspense>
  );
}
