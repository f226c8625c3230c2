/**
 * The toast region's implementation, loaded by `<AppToaster>` when the first toast is created
 * (zag's toast machines and the swipe gesture stay out of the first load).
 */
import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useRef, useState, type PointerEvent } from 'react';
import { isSwipeDismiss, swipeOffset } from './swipe';
import { dialogToaster, toaster } from './toaster';

function SwipeableToast({ id, store, children }: { id: string; store: typeof toaster; children: React.ReactNode }) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Capturing the pointer would send the click to the toast instead of its close button.
    if ((event.target as Element).closest?.('button, a, [data-part="close-trigger"]')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(swipeOffset(start.current, event.clientX));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (isSwipeDismiss(dx)) store.dismiss(id);
    else setDx(0);
  };

  return (
    <Toast.Root
      // The recipe travels with the component (not the global theme, ./system.ts): first-load weight.
      recipe={toastSlotRecipe}
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

function Region({ store }: { store: typeof toaster }) {
  return (
    <Toaster toaster={store} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <SwipeableToast id={toast.id ?? ''} store={store}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </Stack>
          {toast.closable ? <Toast.CloseTrigger /> : null}
        </SwipeableToast>
      )}
    </Toaster>
  );
}

export default function ToasterRegion() {
  return (
    <Portal>
      <Region store={toaster} />
      <Region store={dialogToaster} />
    </Portal>
  );
}
