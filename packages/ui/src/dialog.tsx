/**
 * A modal dialog that loads its implementation on first open: dialogs only appear behind a
 * click, so their code belongs in a lazily loaded chunk, not in the first load (DESIGN §1a).
 */
import { Button, HStack } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

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

export interface ConfirmDialogProps extends Omit<AppDialogProps, 'footer'> {
  /** The safe answer, which only closes the dialog ("Keep Request"). */
  keepLabel: ReactNode;
  /** The destructive answer ("Cancel Request"). */
  confirmLabel: string;
  /** The destructive button's text while it runs ("Cancelling…"). */
  pendingLabel: string;
  pending: boolean;
  /** E.g. until the member has typed the confirmation word. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** Red (the default) for a destructive answer; brand for a step forward that destroys nothing (Change phone number). */
  confirmPalette?: 'red' | 'brand';
}

/** A question with a safe and a destructive answer: cancel a plan or a request, revoke, delete (or, brand, a step forward). */
export function ConfirmDialog({ keepLabel, confirmLabel, pendingLabel, pending, confirmDisabled, onConfirm, confirmPalette = 'red', ...dialog }: ConfirmDialogProps) {
  return (
    <AppDialog
      {...dialog}
      footer={
        <HStack gap="3">
          <Button variant="ghost" onClick={() => dialog.onOpenChange(false)} disabled={pending}>
            {keepLabel}
          </Button>
          <Button colorPalette={confirmPalette} onClick={onConfirm} disabled={confirmDisabled} loading={pending} loadingText={pendingLabel}>
            {confirmLabel}
          </Button>
        </HStack>
      }
    />
  );
}

/**
 * A feature's dialog component loaded on its first open (its form's code is only needed behind
 * a click), then kept mounted so the close animation and any reset-on-close run.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    useEffect(() => {
      if (props.open) setWanted(true);
    }, [props.open]);
    if (!wanted && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
