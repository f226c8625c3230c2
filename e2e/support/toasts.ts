/** The toast check of the browser specs: one toast shows at a time, and a person closes it. */
import { expect as baseExpect, type Page } from '@playwright/test';
import { animationsDone } from './layout';

// A toast follows a write that may wait its turn on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The toast titled `title` (Chakra's toaster). */
export const toastTitled = (page: Page, title: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });

/** Waits for the toast titled `title`, checks its text and closes it with its close button. */
export async function expectToast(page: Page, title: string, description: string | RegExp): Promise<void> {
  const toast = toastTitled(page, title);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  // As a person closes it: once it has finished sliding in (a click during that was lost once in CI).
  await animationsDone(page);
  await toast.locator('[data-part="close-trigger"]').click();
  await expect(toast).toHaveCount(0);
}
