/** Where things are on screen, for tests of layout (a dialog that must not jump). */
import { expect, type Locator, type Page } from '@playwright/test';

/** An element's top edge once its animations (a dialog's opening) have finished. */
export async function settledTop(element: Locator): Promise<number> {
  await element.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const box = await element.boundingBox();
  if (!box) throw new Error('the element must be on screen');
  return box.y;
}

/**
 * Once the page's finite animations (a dialog fading in, a menu opening) have finished: what a
 * person sees a moment later. An axe check in the middle of a fade measures a half-transparent
 * frame (a contrast violation that is not there), and a click on a menu item as the menu is still
 * being placed can land beside it.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

/** Chooses a menu item as a person does: once it shows and its menu has finished opening. */
export async function chooseMenuItem(item: Locator): Promise<void> {
  await expect(item).toBeVisible();
  await animationsDone(item.page());
  await item.click();
}

/**
 * Records the page's layout shifts from its first paint (an init script): call before `goto`.
 * `layoutShiftTotal` then sums those not caused by input, as CLS counts them.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}
