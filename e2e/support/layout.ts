/** Where things are on screen, for tests of layout (a dialog that must not jump). */
import type { Locator } from '@playwright/test';

/** An element's top edge once its animations (a dialog's opening) have finished. */
export async function settledTop(element: Locator): Promise<number> {
  await element.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const box = await element.boundingBox();
  if (!box) throw new Error('the element must be on screen');
  return box.y;
}
