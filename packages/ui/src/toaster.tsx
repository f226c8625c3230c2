/**
 * The one toaster (SPEC "Generic interface facts"): one toast visible at a time, 5000 ms,
 * variants `default` and `destructive`, swipe right (50 px) to dismiss, F8 focuses the region.
 * Remotes call `notify()`; only the shell renders `<AppToaster />`.
 */
import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useRef, useState, type PointerEvent } from 'react';
import { isSwipeDismiss, swipeOffset } from './swipe';

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

function SwipeableToast({ id, children }: { id: string; children: React.ReactNode }) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(swipeOffset(start.current, event.clientX));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (isSwipeDismiss(dx)) toaster.dismiss(id);
    else setDx(0);
  };

  return (
    <Toast.Root
      width={{ md: 'sm' }}
      data-swiping={dx > 0 ? '' : undefined}
      // Overrides zag's `--x` so the recipe's `translate: var(--x) var(--y)` follows the finger.
      style={dx > 0 ? ({ '--x': `${dx}px`, transition: 'none' } as React.CSSProperties) : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {children}
    </Toast.Root>
  );
}

/** The toast region. Rendered once, by the shell. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <SwipeableToast id={toast.id ?? ''}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </SwipeableToast>
        )}
      </Toaster>
    </Portal>
  );
}
