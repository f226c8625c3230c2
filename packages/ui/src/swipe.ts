/**
 * Swipe-right-to-dismiss for toasts (SPEC "Generic interface facts": 50 px). Zag's toast
 * machine has no swipe gesture, so this is a small pointer tracker kept free of React so the
 * threshold rule is testable on its own.
 */
export const SWIPE_DISMISS_PX = 50;

/** Whether a horizontal drag of `dx` pixels (positive = right) dismisses the toast. */
export function isSwipeDismiss(dx: number): boolean {
  return dx >= SWIPE_DISMISS_PX;
}

/** Only rightward movement moves the toast; a leftward drag stays put. */
export function swipeOffset(startX: number, currentX: number): number {
  return Math.max(0, currentX - startX);
}
