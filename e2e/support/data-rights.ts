/**
 * Shared by the issue 10 specs (data-rights, revocation): a page signed in as a member built with
 * `member()`, and a toast check.
 */
import { expect, type Page } from '@playwright/test';
import { animationsDone } from './layout';
import type { Member } from './members';

/** The page's browser takes the member's session cookie. */
export async function signInPageAs(page: Page, who: Member): Promise<void> {
  await page.context().addCookies((await who.context.storageState()).cookies);
}

/** Waits for a toast, checks its text and closes it (one toast shows at a time). */
export async function expectToast(page: Page, title: string, description: string | RegExp): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toContainText(description);
  // As a person closes it: once it has finished sliding in (a click during that was lost once in CI).
  await animationsDone(page);
  await toast.locator('[data-part="close-trigger"]').click();
  await expect(toast).toHaveCount(0);
}
