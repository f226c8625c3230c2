/**
 * The Create Vouch dialog, loaded on its first open: the header button is on every signed-in
 * page, the form's code is only needed behind a click (DESIGN §1a).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CreateVouchDialogProps } from './create-vouch-dialog';

const CreateVouchDialog = lazy(() => import('./create-vouch-dialog'));

export function LazyCreateVouchDialog(props: CreateVouchDialogProps) {
  // Once opened, stay mounted, so the close animation and the reset-on-close run.
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <CreateVouchDialog {...props} />
    </Suspense>
  );
}
