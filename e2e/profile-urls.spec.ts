/**
 * Profile URLs in the browser (issue 28 item 2): Stella has 24 accepted vouches. She chooses her
 * profile URL in Profile Settings (a reserved word and another member's URL are refused under
 * the field); her old URL then leads to the new one (the server answers 301; the page shows the
 * new address), and "+ 21 more vouches" opens all of them, a page at a time.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { acceptedVouch, member, profileSlug, type Member, type StorageState } from './support/members';
import { watchConsole } from './support/console';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

let stella: Member;
let other: Member;
const vouchers: Member[] = [];
let oldSlug: string;
let otherSlug: string;
let state: StorageState;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stella = await member('Stella', 'Pager');
  other = await member('Otto', 'Other');
  // Two vouchers, 12 accepted recommendations each (one pending at a time per phone; within the free plan's month).
  for (const first of ['Rae', 'Sol']) vouchers.push(await member(first, 'Voucher'));
  for (let i = 0; i < 24; i += 1) await acceptedVouch(vouchers[i % 2]!, stella, { reason: `Vouch number ${i + 1} for Stella.`, skills: 'Paging' });
  oldSlug = await profileSlug(stella);
  otherSlug = await profileSlug(other);
  state = await stella.context.storageState();
});

test.afterAll(async () => {
  await Promise.all([stella, other, ...vouchers].filter(Boolean).map((m) => m.context.dispose()));
});

async function pageOf(browser: Browser, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ storageState: signedIn ? state : undefined, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('a member chooses a profile URL; the old one leads to it; all vouches page through', async ({ browser }, testInfo) => {
  const newSlug = `stella-${stella.id}`;
  const page = await pageOf(browser, true);
  // The refused saves below are a 400 and a 409 by design, which Chromium logs as failed resources.
  const problems = watchConsole(page, (message) => message.location().url.endsWith('/api/profile') && /40[09]/.test(message.text()));
  await page.goto('/dashboard');
  await page.getByTestId('profile-summary').getByRole('button', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
  const url = dialog.getByRole('textbox', { name: 'Profile URL' });
  await expect(url).toHaveValue(oldSlug);

  await url.fill('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('"admin" is reserved: choose another profile URL.')).toBeVisible();
  await url.fill(otherSlug);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(`The profile URL "${otherSlug}" is taken: choose another.`)).toBeVisible();
  await url.fill(newSlug.toUpperCase());
  await expect(dialog.getByTestId('profile-url-preview')).toHaveText(new RegExp(`/profile/${newSlug}$`));
  await page.screenshot({ path: testInfo.outputPath('profile-url-field.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Profile Updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(problems).toEqual([]);

  // The old URL: a 301 for links and crawlers; a visitor lands on the new address.
  const visitor = await pageOf(browser, false);
  const moved = await visitor.request.get(`/profile/${oldSlug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/profile/${newSlug}`);
  await visitor.goto(`/profile/${oldSlug}`);
  await expect(visitor).toHaveURL(new RegExp(`/profile/${newSlug}$`));
  const profile = visitor.getByTestId('public-profile');
  await expect(profile.getByRole('heading', { level: 1 })).toHaveText('Stella Pager');

  // "+ 21 more vouches" opens the first page (20), Load more the rest: 24, each once.
  const list = profile.getByTestId('public-profile-vouches').locator(':scope > li');
  await expect(list).toHaveCount(3);
  await profile.getByTestId('public-profile-more').click();
  await expect(list).toHaveCount(20);
  await expect(profile.getByTestId('public-profile-more')).toHaveCount(0);
  await profile.getByRole('button', { name: 'Load more' }).click();
  await expect(list).toHaveCount(24);
  await expect(profile.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const reasons = await list.getByText(/^Vouch number \d+ for Stella\.$/).allTextContents();
  expect(new Set(reasons).size).toBe(24);
  await visitor.screenshot({ path: testInfo.outputPath('all-vouches.png'), fullPage: true });
});
