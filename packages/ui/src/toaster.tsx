/**
 * The one toaster (SPEC "Generic interface facts"): one toast visible at a time, 5000 ms,
 * variants `default` and `destructive`, swipe right (50 px) to dismiss, F8 focuses the region.
 * Remotes call `notify()`; only the shell renders `<AppToaster />`.
 */
import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  // max 1: a newer toast waits in the queue until the visible one leaves.
  max: 1,
  duration: TOAST_DURATION_MS,
  // Zag matches each hotkey entry against `event.code` (or a modifier flag).
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export type ToastVariant = 'default' | 'destructive';

export interface NotifyOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Shows a toast. `destructive` maps to zag's `error` type (red); `default` to `success`. */
export function notify({ title, description, variant = 'default' }: NotifyOptions): string {
  return toaster.create({ title, description, type: variant === 'destructive' ? 'error' : 'success', closable: true });
}

const ToasterRegion = lazy(() => import('./toaster-region'));

/**
 * The toast region. Rendered once (the shell, or a standalone parcel). It loads its
 * implementation when the first toast is created; zag's group machine then picks up the
 * toasts already in the store, so nothing is lost while the chunk loads.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    if (toaster.getCount() > 0) {
      setNeeded(true);
      return undefined;
    }
    // The store publishes a new toast before adding it to its list, so getCount() is still 0
    // inside this callback: any published toast that is not a dismissal means "load the region".
    return toaster.subscribe((data?: { dismiss?: boolean }) => {
      if (!data?.dismiss) setNeeded(true);
    });
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  );
}
