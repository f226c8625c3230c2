/**
 * The Request Introduction dialog, loaded on its first open: the header button is on every
 * signed-in page, the form's code is only needed behind a click (DESIGN §1a).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RequestIntroDialogProps } from './request-intro-dialog';

const RequestIntroDialog = lazy(() => import('./request-intro-dialog'));

export function LazyRequestIntroDialog(props: RequestIntroDialogProps) {
  // Once opened, stay mounted, so the close animation and the reset-on-close run.
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <RequestIntroDialog {...props} />
    </Suspense>
  );
}
