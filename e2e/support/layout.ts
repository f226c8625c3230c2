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
 * `layoutShiftTotal` then sums those not caused by input, as CLS counts them, and
 * `layoutShiftSources` says which elements moved in each (for a failure's message).
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((source) => `${source.node?.getAttribute?.('data-testid') ?? source.node?.nodeName ?? '?'} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
        shifts.push({ value: entry.value, sources: sources.join('; ') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number }[] }).layoutShifts);
  return shifts.reduce((sum, shift) => sum + shift.value, 0);
}

/** Each recorded shift: its value and what moved (test id or tag, box before -> after). */
export async function layoutShiftSources(page: Page): Promise<string> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string }[] }).layoutShifts);
  return shifts.map((shift) => `${shift.value.toFixed(3)}: ${shift.sources}`).join('\n');
}

/**
 * Records the app's text at the moment the server's first screen (#first-screen) leaves the page
 * (an init script): call before `goto`. `textAtTakeover` then says what the member saw in its
 * place, in the frame after; a text the first screen drew and the app lacks then blinks.
 */
export async function watchFirstScreenTakeover(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { textAtTakeover?: string };
    new MutationObserver((_, observer) => {
      if (document.getElementById('first-screen') || !document.getElementById('root')) return;
      record.textAtTakeover = document.getElementById('root')!.innerText;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function textAtTakeover(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { textAtTakeover?: string }).textAtTakeover);
}
