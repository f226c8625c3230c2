/**
 * Tooltip with the product's timings (SPEC: open after 700 ms, skip delay 300 ms). Its
 * positioning engine (zag popper + floating-ui) is ~15 KB gzip that the landing page never
 * needs, so the implementation loads with the first tooltip rendered; until then (a few ms)
 * the trigger renders alone, which looks the same because a tooltip only shows on hover.
 */
import { lazy, Suspense, type ReactNode } from 'react';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export interface TooltipProps {
  content: ReactNode;
  /** One element that can hold a ref (the trigger). */
  children: ReactNode;
  disabled?: boolean;
}

const TooltipImpl = lazy(() => import('./tooltip-impl'));

export function Tooltip(props: TooltipProps) {
  if (props.disabled) return <>{props.children}</>;
  return (
    <Suspense fallback={props.children}>
      <TooltipImpl {...props} />
    </Suspense>
  );
}
