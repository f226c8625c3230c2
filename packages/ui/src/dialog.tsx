/**
 * A modal dialog that loads its implementation on first open: dialogs only appear behind a
 * click, so their code belongs in a lazily loaded chunk, not in the first load (DESIGN §1a).
 */
import { lazy, Suspense, type ReactNode } from 'react';

export interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'full';
}

const AppDialogImpl = lazy(() => import('./dialog-impl'));

export function AppDialog(props: AppDialogProps) {
  // Until the first open, render nothing, so the chunk is not requested on page load.
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <AppDialogImpl {...props} />
    </Suspense>
  );
}
