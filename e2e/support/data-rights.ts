/**
 * Shared by the issue 10 specs (data-rights, revocation): a page signed in as a member built with
 * `member()`.
 */
import type { Page } from '@playwright/test';
import type { Member } from './members';

/** The page's browser takes the member's session cookie. */
export async function signInPageAs(page: Page, who: Member): Promise<void> {
  await page.context().addCookies((await who.context.storageState()).cookies);
}
