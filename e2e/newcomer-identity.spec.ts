/**
 * Issue 44 items 2 and 3 in two browsers: Sam corrects the name Marcus typed ("Riviera") when he
 * first signs in, and it is his name everywhere (the vouch page, Marcus's Sent list, his URL,
 * whose typo one 301s); a newcomer chooses a private profile at sign-up, which visitors then do
 * not see, and opens Profile settings before any vouch; Dana declines an invite without joining
 * (no account is made) and Marcus sees it declined. Axe finds no serious violation on the changed
 * screens (the names step with its visibility choice, the dashboard's open settings, the answered page).
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { readCode, uniquePhone, type TestPhone } from './support/auth';
import { watchConsole } from './support/console';
import { member, type Member, type StorageState } from './support/members';
import { expectToast } from './support/toasts';
import { seriousViolations } from './support/axe';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

let marcus: Member;
let marcusState: StorageState;

test.beforeAll(async () => {
  marcus = await member('Marcus', 'Okafor');
  marcusState = await marcus.context.storageState();
});

test.afterAll(async () => {
  await marcus?.context.dispose();
});

async function invite(recipientName: string, phone: TestPhone): Promise<{ id: number; vouchToken: string }> {
  const created = await marcus.context.post('/api/vouches', { data: { type: 'invite', recipientName, recipientPhone: phone.e164, reason: null, relationship: 'colleague' } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; vouchToken: string };
}

async function marcusPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ storageState: marcusState })).newPage();
}

/** Phone and code in the vouch page's verification dialog, then its final button. */
async function verifyInDialog(page: Page, phone: TestPhone, confirmLabel: string): Promise<void> {
  const dialog = page.getByTestId('phone-verification-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Phone number').fill(phone.digits);
  const sentAfter = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  await dialog.getByLabel('Verification code').fill(await readCode(page.request, phone, sentAfter));
  await dialog.getByRole('button', { name: confirmLabel }).click();
}

test('Sam corrects the name Marcus typed: the vouch page, Marcus’s Sent list and Sam’s URL follow, the typo’s URL 301s', async ({ browser }) => {
  const phone = uniquePhone();
  const vouch = await invite('Sam Riviera', phone);

  const sam = await (await browser.newContext()).newPage();
  const problems = watchConsole(sam);
  await sam.goto(`/vouch/${vouch.vouchToken}`);
  const card = sam.getByTestId('public-vouch');
  await expect(card).toContainText('Sam Riviera');
  await card.getByRole('button', { name: 'Join Vouch' }).click();
  await verifyInDialog(sam, phone, 'Accept Vouch');

  // The names step: the typed name to confirm or correct, and who may see the profile.
  const dialog = sam.getByTestId('phone-verification-dialog');
  await expect(dialog).toHaveAttribute('data-step', 'name');
  await expect(dialog.getByLabel('Last name')).toHaveValue('Riviera');
  const choice = dialog.getByRole('group', { name: 'Who can see your profile?' });
  await expect(choice.getByRole('radio', { name: /Public/ })).toBeChecked();
  await expect(choice.getByRole('radio', { name: /Private/ })).not.toBeChecked();
  expect(await seriousViolations(sam)).toEqual([]);
  await dialog.getByLabel('Last name').fill('Rivera');
  await dialog.getByRole('button', { name: 'Confirm Name' }).click();
  await expectToast(sam, 'Vouch Accepted', "You've successfully accepted this Vouch!");

  // The vouch page names him as he confirmed, for anyone who opens it.
  await sam.reload();
  await expect(sam.getByTestId('public-vouch')).toContainText('Sam Rivera');
  await expect(sam.getByTestId('public-vouch')).not.toContainText('Riviera');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  await expect(visitor.getByTestId('public-vouch')).toContainText('Sam Rivera');

  // His URL is made from his name; the typo's answers 301 to it.
  const old = await visitor.request.get('/profile/sam-riviera', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe('/profile/sam-rivera');
  await visitor.goto('/profile/sam-riviera');
  await expect(visitor).toHaveURL(/\/profile\/sam-rivera$/);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Sam Rivera');

  // Marcus's Sent list, in his own browser.
  const page = await marcusPage(browser);
  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  const sent = page.getByTestId('sent-vouch').filter({ hasText: 'Sam Rivera' });
  await expect(sent).toBeVisible();
  await expect(sent.getByTestId('vouch-status')).toHaveText('accepted');
  await expect(page.getByTestId('sent-vouch').filter({ hasText: 'Riviera' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a newcomer chooses a private profile at sign-up: visitors do not see it, and Profile settings open before any vouch', async ({ browser }) => {
  const phone = uniquePhone();
  const page = await (await browser.newContext()).newPage();
  const problems = watchConsole(page);
  await page.goto('/auth');
  await page.getByLabel('Phone number').fill(phone.digits);
  const sentAfter = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByLabel('Verification code').fill(await readCode(page.request, phone, sentAfter));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('First name').fill('Pia');
  await page.getByLabel('Last name').fill('Private');
  await page.getByRole('group', { name: 'Who can see your profile?' }).getByRole('radio', { name: /Private/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Settings are open from the first sign-in (the summary itself waits for a first vouch).
  const locked = page.getByTestId('profile-summary-locked');
  await expect(locked).toBeVisible();
  await locked.getByRole('button', { name: 'Profile settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(settings.getByLabel('Public profile')).not.toBeChecked();
  const slug = (await settings.getByLabel(/Profile URL/).inputValue()).trim();
  expect(slug).toBe('pia-private');
  expect(await seriousViolations(page)).toEqual([]);
  await settings.getByRole('button', { name: 'Cancel' }).click();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/profile/${slug}`);
  await expect(visitor.getByText('Profile Not Found').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('Dana declines an invite without joining: no account is made, and Marcus sees it declined', async ({ browser }) => {
  const phone = uniquePhone();
  const vouch = await invite('Dana Decline', phone);

  const dana = await (await browser.newContext()).newPage();
  await dana.goto(`/vouch/${vouch.vouchToken}`);
  const card = dana.getByTestId('public-vouch');
  await card.getByRole('button', { name: 'Decline' }).click();
  await verifyInDialog(dana, phone, 'Decline Vouch');
  // No names step: declining needs no account.
  await expectToast(dana, 'Vouch Declined', 'You declined this Vouch without joining: no account was created.');
  await expect(card.getByTestId('vouch-answered')).toHaveText('You declined this Vouch.');
  await expect(card.getByTestId('vouch-status')).toHaveText('rejected');
  await expect(dana.getByTestId('phone-verification-dialog')).toHaveCount(0);
  expect(await seriousViolations(dana)).toEqual([]);
  // The session that proved the phone ended with the answer; the phone has no member.
  expect(await (await dana.request.get('/api/auth/session')).json()).toMatchObject({ user: null });
  const sent = await dana.request.post('/api/auth/request-otp', { data: { phone: phone.e164 } });
  const check = await dana.request.post('/api/auth/verify-otp', { data: { phone: phone.e164, otp: await readCode(dana.request, phone, new Date(Date.now() - 1000)), attemptId: (await sent.json()).attemptId } });
  expect(await check.json()).toEqual({ isNewUser: true });

  const page = await marcusPage(browser);
  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  const declined = page.getByTestId('sent-vouch').filter({ hasText: 'Dana Decline' });
  await expect(declined.getByTestId('vouch-status')).toHaveText('rejected');
});
