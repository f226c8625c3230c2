/**
 * Accessibility (issue 10): axe-core on every screen and the main dialogs finds no serious or
 * critical WCAG 2.1 A/AA violation; the main flows work with the keyboard alone, and the focused
 * control is always visibly marked.
 */
import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInByApi, readCode, uniquePhone } from './support/auth';
import { acceptedVouch, createRecommendation, member, profileSlug, type Member, type StorageState } from './support/members';
import { chooseMenuItem } from './support/layout';
import { seriousViolations } from './support/axe';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

let maya: Member;
let state: StorageState;
let pendingToken: string;
let slug: string;
const others: Member[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  maya = await member('Maya', 'Access');
  const ben = await member('Ben', 'Access');
  const cy = await member('Cy', 'Access');
  await acceptedVouch(maya, ben, { skills: 'Design systems' });
  await acceptedVouch(ben, maya, { skills: 'Accessibility audits', characterTraits: 'Patient' });
  await acceptedVouch(ben, cy, { skills: 'Screen readers' });
  others.push(ben, cy);
  pendingToken = await createRecommendation(ben, { name: 'Pia Pending', phone: uniquePhone() });
  slug = await profileSlug(maya);
  state = await maya.context.storageState();
});

test.afterAll(async () => {
  await Promise.all([maya, ...others].filter(Boolean).map((m) => m.context.dispose()));
});

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const SIGNED_OUT: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'landing', path: () => '/', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'sign-in', path: () => '/auth', ready: (page) => expect(page.getByLabel('Phone number')).toBeVisible() },
  { name: 'public vouch', path: () => `/vouch/${pendingToken}`, ready: (page) => expect(page.getByText('Pia Pending').first()).toBeVisible() },
  { name: 'public profile', path: () => `/profile/${slug}`, ready: (page) => expect(page.getByText('Maya Access').first()).toBeVisible() },
  { name: 'not found', path: () => '/no-such-page', ready: (page) => expect(page.getByText(/not found/i).first()).toBeVisible() },
];

for (const screen of SIGNED_OUT) {
  test(`signed out, the ${screen.name} page has no serious or critical violation`, async ({ page }) => {
    await page.goto(screen.path());
    await screen.ready(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

const SIGNED_IN: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/dashboard', ready: (page) => expect(page.getByTestId('dashboard')).toBeVisible() },
  { path: '/my-vouches', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/pending-vouches', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/stats', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/introduction-requests', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/network', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/subscription', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/search?q=screen', ready: (page) => expect(page.getByTestId('search-result').first()).toBeVisible() },
];

for (const screen of SIGNED_IN) {
  test(`signed in, ${screen.path} has no serious or critical violation`, async ({ browser }) => {
    const page = await signedInPage(browser);
    await page.goto(screen.path);
    await screen.ready(page);
    // Let lists and charts finish loading: a spinner is not what a person reads.
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the Create Vouch, Request Introduction and Delete account dialogs and the avatar menu have no serious or critical violation', async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Vouch for Someone' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Request Intro' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /account menu|Maya/i }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Delete account' }));
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a member's profile seen signed in (How you're connected) and the Profile Settings dialog have no serious or critical violation", async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.goto(`/profile/${await profileSlug(others[1]!)}`);
  await expect(page.getByTestId('profile-connection-path')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/dashboard');
  await page.getByTestId('profile-summary').getByRole('button', { name: 'Profile settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile Settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // With a refused field, its sentence under the input.
  await page.getByRole('dialog').getByLabel('First name').fill('');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog').getByText('First name is required.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The focused element draws an outline or a focus ring (box-shadow) a person can see. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const marked = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
  expect(marked, 'the focused control is visibly marked').toBe(true);
}

/** Presses Tab until `target` has focus (at most `limit` presses) and checks the focus is visible. */
async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await expectVisibleFocus(page);
}

test('signing in works with the keyboard alone, with visible focus on every step', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/auth');
  const field = page.getByLabel('Phone number');
  await expect(field).toBeVisible();
  // From the top of the page, Tab reaches the phone field.
  await tabTo(page, field);
  await page.keyboard.type(phone.digits);
  await page.keyboard.press('Enter');

  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  await code.focus();
  await page.keyboard.type(await readCode(request, phone));
  await page.keyboard.press('Enter');

  const first = page.getByLabel('First name');
  await expect(first).toBeVisible();
  await first.focus();
  await page.keyboard.type('Kira');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Last name')).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('Keys');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('creating a vouch works with the keyboard alone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page, { firstName: 'Kai', lastName: 'Board' });
  await page.goto('/dashboard');
  const open = page.getByRole('button', { name: 'Vouch for Someone' }).first();
  await open.focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog; Tab and typing fill it in.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const recipient = uniquePhone();
  const name = dialog.getByLabel(/name/i).first();
  await name.focus();
  await page.keyboard.type('Lena Keys');
  const phoneField = dialog.getByLabel(/phone/i).first();
  await phoneField.focus();
  await page.keyboard.type(recipient.digits);
  await expectVisibleFocus(page);
  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('a recipient accepts a vouch from its link with the keyboard alone', async ({ browser, request }) => {
  const recipient = uniquePhone();
  const vouchToken = await createRecommendation(others[0]!, { name: 'Tab Keyson', phone: recipient });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/vouch/${vouchToken}`);
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  await expect(accept).toBeVisible();
  await tabTo(page, accept);
  await page.keyboard.press('Enter');

  const dialog = page.getByTestId('phone-verification-dialog');
  const phoneField = dialog.getByLabel('Phone number');
  await expect(phoneField).toBeFocused();
  const sent = new Date(Date.now() - 1000);
  await page.keyboard.type(recipient.digits);
  await page.keyboard.press('Enter');
  const code = dialog.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await page.keyboard.type(await readCode(request, recipient, sent));
  await page.keyboard.press('Enter');
  // A first sign-in through the link confirms the typed name: the focus is in it, Enter confirms.
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Vouch Accepted' })).toBeVisible();
  await context.close();
});

test('requesting an introduction works with the keyboard alone', async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.goto('/introduction-requests');
  const open = page.locator('[data-slot="request-intro"]').getByRole('button', { name: 'Request Intro' });
  await expect(open).toBeVisible();
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request an Introduction' });
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByLabel('Request type'));
  await page.keyboard.type('Mentorship');
  await tabTo(page, dialog.getByLabel('Desired skills'));
  await page.keyboard.type('Accessibility audits');
  await tabTo(page, dialog.getByLabel('Reason'));
  await page.keyboard.type('Learning to audit our product with screen readers.');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Request' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Introduction Request Created' })).toBeVisible();
  await expect(page.getByTestId('my-request').filter({ hasText: 'Mentorship' })).toHaveCount(1);
});
