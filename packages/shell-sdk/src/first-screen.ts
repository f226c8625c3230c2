/**
 * The first screen the gateway sends in a public page's HTML (api-gateway/src/first-screen.ts):
 * painted before any script runs, while the app renders into a hidden #root beside it. The page
 * that replaces it removes it once its own first screen is ready (data loaded or failed), in a
 * layout effect, so the swap happens within one frame: no blank frame, no spinner in between,
 * and no layout shift (the app's elements were not laid out before, so none of them moves).
 */
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';

/**
 * A page calls it with `ready` true once what it shows can replace the server's first screen.
 * Its children's layout effects run before it, while #root is still hidden: one that moves focus
 * there (or an `autoFocus`) finds nothing focusable; move focus in an effect (useEffect) instead.
 */
export function useFirstScreenDone(ready = true): void {
  useLayoutEffect(() => {
    if (!ready) return;
    if (holds > 0) removeOnRelease = true;
    else removeFirstScreen();
  }, [ready]);
}

/** The longest a page keeps the first screen up past its own takeover: its app stays hidden (and its buttons out of reach) meanwhile. */
export const FIRST_SCREEN_HOLD_LIMIT_MS = 1_000;

let holds = 0;
let removeOnRelease = false;

function removeFirstScreen(): void {
  removeOnRelease = false;
  // The element api-gateway/src/first-screen.ts sends; CSS hides #root while it is there.
  document.getElementById('first-screen')?.remove();
}

/**
 * While `holding`, the first screen stays when the page's slot would remove it (useFirstScreenDone
 * in a RemoteSlot's commit), for at most FIRST_SCREEN_HOLD_LIMIT_MS: for a page whose first screen
 * draws something its first commit does not have yet (the dashboard's Vouch back question, before
 * its list is in), which would otherwise vanish and come back. The page's layout effects run before
 * its slot's, so the hold is in place when the slot asks.
 */
export function useFirstScreenHold(holding: boolean): void {
  useLayoutEffect(() => {
    if (!holding) return;
    holds += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      holds -= 1;
      if (holds === 0 && removeOnRelease) removeFirstScreen();
    };
    const limit = setTimeout(release, FIRST_SCREEN_HOLD_LIMIT_MS);
    return () => {
      clearTimeout(limit);
      release();
    };
  }, [holding]);
}

/**
 * False in a page's first render with `ready` (its data), true from the next one (a transition
 * after that commit):
 * a page renders part of itself, then the rest, each in a render and commit of its own, while
 * #root is still hidden behind the server's first screen, and calls useFirstScreenDone once the
 * second pass is there. A page's first commit (its DOM and every new style emotion inserts) is
 * one task; cut in two, it blocks a phone's input for less (issue 17), and since #root is not
 * shown until then, nothing appears in pieces.
 */
export function useSecondPass(ready = true): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    if (ready && !second) startTransition(() => setSecond(true));
  }, [ready, second]);
  return ready && second;
}
