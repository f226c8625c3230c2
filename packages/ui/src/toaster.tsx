/**
 * The one toaster (SPEC "Generic interface facts"): one toast visible at a time, 5000 ms,
 * variants `default` and `destructive`, swipe right (50 px) to dismiss, F8 focuses the region.
 * Remotes call `notify()`; only the shell renders `<AppToaster />`.
 */
import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

export const TOAST_DURATION_MS = 5000;

// Zag matches each hotkey entry against `event.code` (or a modifier flag); every entry must match.
const FOCUS_HOTKEY = ['F8'];
// No key has this code, so the region never takes the hotkey (an empty list would match every key).
const NO_HOTKEY = ['F8', 'NoSuchKey'];

const toasterAt = (placement: 'bottom-end' | 'top') =>
  createToaster({
    placement,
    max: 1,
    duration: TOAST_DURATION_MS,
    hotkey: placement === 'top' ? NO_HOTKEY : FOCUS_HOTKEY,
    pauseOnPageIdle: true,
  });

/**
 * Two regions, one toast: zag fixes a region's placement when it is created, so a toast that
 * must stay clear of an open dialog's actions (its footer is at the bottom) goes to the top one.
 */
export const toaster = toasterAt('bottom-end');
export const dialogToaster = toasterAt('top');

export type ToastVariant = 'default' | 'destructive';

export interface NotifyOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

const openDialog = (): boolean => typeof document !== 'undefined' && document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;

/**
 * Shows a toast, replacing the visible one at once (SPEC: one at a time, the newest wins: a
 * queued toast would arrive late, on a screen the member has since left). `destructive` maps to
 * zag's `error` type (red); `default` to `success`.
 */
export function notify({ title, description, variant = 'default' }: NotifyOptions): string {
  // remove(), not dismiss(): a dismissing toast still counts towards `max` and would queue the new one.
  toaster.remove();
  dialogToaster.remove();
  const store = openDialog() ? dialogToaster : toaster;
  // Both regions listen for the hotkey (read at each key press); only the one showing the toast answers it.
  toaster.attrs.hotkey = store === toaster ? FOCUS_HOTKEY : NO_HOTKEY;
  dialogToaster.attrs.hotkey = store === dialogToaster ? FOCUS_HOTKEY : NO_HOTKEY;
  return store.create({ title, description, type: variant === 'destructive' ? 'error' : 'success', closable: true });
}

/**
 * Takes away a toast `notify` returned, if it is still shown: an error's toast goes once the step
 * it complained about succeeds, so it never talks about something the member has since fixed.
 */
export function removeToast(id: string): void {
  toaster.remove(id);
  dialogToaster.remove(id);
}

const ToasterRegion = lazy(() => import('./toaster-region'));

/**
 * The toast regions. Rendered once (the shell, or a standalone parcel). They load their
 * implementation when the first toast is created; zag's group machine then picks up the
 * toasts already in the store, so nothing is lost while the chunk loads.
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() + dialogToaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    if (toaster.getCount() + dialogToaster.getCount() > 0) {
      setNeeded(true);
      return undefined;
    }
    // The store publishes a new toast before adding it to its list, so getCount() is still 0
    // inside this callback: any published toast that is not a dismissal means "load the region".
    const load = (data?: { dismiss?: boolean }) => {
      if (!data?.dismiss) setNeeded(true);
    };
    const stops = [toaster.subscribe(load), dialogToaster.subscribe(load)];
    return () => stops.forEach((stop) => stop());
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  );
}
