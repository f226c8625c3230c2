/**
 * Issue 43 in the browser: the sign-in screen says when another code may be asked for once a
 * number's codes are used up, the Sessions and devices page (avatar menu) lists every browser
 * and app signed in to the account, signs one out, and signs out all the others, and Change phone
 * number (avatar menu) asks for a fresh code on the current phone and one on the new number.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type ConsoleMessage } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { watchConsole } from './support/console';
import { codesSentTo, currentUser, readCode, signIn, signInByApi, uniquePhone, type TestPhone } from './support/auth';
import { signInPageAs } from './support/data-rights';
import { chooseMenuItem } from './support/layout';
import { member } from './support/members';
import { expectToast } from './support/toasts';
import { urls } from './support/urls';

/** A refused code request is an answer the screen handles; Chromium still logs the 429. */
const expectedRefusal = (message: ConsoleMessage) => /\/api\/auth\/request-otp$/.test(message.location().url) && /429/.test(message.text());

/** The member's phone app signs in: a bearer token, from an iPhone's User-Agent. */
async function appSignIn(phone: TestPhone): Promise<{ app: APIRequestContext; bearer: Record<string, string> }> {
  const app = await playwrightRequest.newContext({ baseURL: urls.gateway, extraHTTPHeaders: { 'User-Agent': 'Vouch/2.4.1 (iPhone; iOS 17.5)' } });
  const before = await codesSentTo(app, phone);
  const sent = await app.post('/api/auth/request-otp', { data: { phone: phone.e164 } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { attemptId } = (await sent.json()) as { attemptId: string };
  const verified = await app.post('/api/auth/verify-otp', { data: { phone: phone.e164, otp: await readCode(app, phone, before), attemptId, session: 'token' } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { app, bearer: { Authorization: `Bearer ${((await verified.json()) as { token: string }).token}` } };
}

test('the sign-in screen says when another code may be asked for, once a number has had its codes', async ({ page }) => {
  const problems = watchConsole(page, expectedRefusal);
  const phone = uniquePhone();
  // Someone (anyone, anywhere) asked for this number's three codes of the quarter hour.
  const stranger = await playwrightRequest.newContext({ baseURL: urls.gateway });
  for (let i = 0; i < 3; i += 1) expect((await stranger.post('/api/auth/request-otp', { data: { phone: phone.e164 } })).status()).toBe(200);

  await page.goto('/auth');
  const screen = page.getByTestId('sign-in-screen');
  await screen.getByLabel('Phone number').fill(phone.digits);
  const send = screen.getByRole('button', { name: 'Send Verification Code' });
  await send.click();
  await expectToast(page, 'Error', 'Too many verification codes were sent to this phone number. Please wait before trying again.');
  await expect(screen.getByTestId('try-again')).toHaveText(/^Too many codes were sent to this number\. You can ask for another in 1[45] minutes\.$/);
  await expect(send).toBeDisabled();

  // Another number has its own allowance: the wait does not hold for it.
  await screen.getByLabel('Phone number').fill(uniquePhone().digits);
  await expect(screen.getByTestId('try-again')).toHaveCount(0);
  await expect(send).toBeEnabled();
  expect(problems).toEqual([]);
  await stranger.dispose();
});

test('Sessions and devices: this browser and my phone app are listed; I sign the app out, then every other session', async ({ page }) => {
  const problems = watchConsole(page);
  const sasha = await member('Sasha', 'Sessions');
  await signInPageAs(page, sasha);
  const { app, bearer } = await appSignIn(sasha.phone);

  await page.goto('/dashboard');
  const trigger = page.getByTestId('member-menu-trigger');
  await expect(trigger).toHaveAttribute('data-scope', 'menu'); // the menu's lazy chunk has loaded
  await trigger.click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sessions and devices' }));
  await expect(page).toHaveURL(/\/settings\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Sessions and devices' })).toBeVisible();

  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: 'Current session' });
  await expect(mine).toContainText('This device');
  await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  const phoneApp = rows.filter({ hasText: 'Vouch app on iPhone' });
  await expect(phoneApp).toContainText('App');
  await expect(phoneApp).toContainText(/Signed in .* · from /);

  await phoneApp.getByRole('button', { name: 'Sign out Vouch app on iPhone' }).click();
  await expectToast(page, 'Session Signed Out', 'Vouch app on iPhone is signed out.');
  await expect(rows).toHaveCount(1);
  expect((await app.get('/api/user/profile', { headers: bearer })).status()).toBe(401);
  await expect(page.getByText('Only this device is signed in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();

  // A laptop signs in too; from here, every other session is signed out at once.
  const laptop = await playwrightRequest.newContext({ baseURL: urls.gateway });
  await signInByApi(laptop, { phone: sasha.phone });
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await expectToast(page, 'Signed Out Elsewhere', '1 other session was signed out.');
  await expect(rows).toHaveCount(1);
  expect((await laptop.get('/api/user/profile')).status()).toBe(401);
  // This browser goes on.
  expect((await page.request.get('/api/user/profile')).status()).toBe(200);
  expect(problems).toEqual([]);
  await Promise.all([app.dispose(), laptop.dispose()]);
});

test('Change phone number: a fresh code on my phone, then the new number and its code; I sign in with the new number', async ({ page, browser }) => {
  test.setTimeout(90_000); // two dialogs' worth of codes, then a sign-in in a new browser
  // The refusals are answers the dialog shows; Chromium still logs them.
  const problems = watchConsole(page, (message) => /\/api\/(auth\/reverify|account\/phone)$/.test(message.location().url) && /40[09]/.test(message.text()));
  const paz = await member('Paz', 'Phone');
  const other = await member('Oli', 'Other');
  await signInPageAs(page, paz);
  await page.goto('/dashboard');
  const trigger = page.getByTestId('member-menu-trigger');
  await expect(trigger).toHaveAttribute('data-scope', 'menu'); // the menu's lazy chunk has loaded
  await trigger.click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Change phone number' }));

  const dialog = page.getByRole('dialog', { name: 'Change phone number' });
  await expect(dialog).toContainText(`You sign in with ${paz.phone.display}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  let sent = await codesSentTo(page.request, paz.phone);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The fresh code on the current phone: a wrong one is refused with the server's sentence.
  await expect(dialog).toContainText(`we texted to ${paz.phone.display}`);
  const mine = await readCode(page.request, paz.phone, sent);
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Confirmation code').fill(mine === '000000' ? '111111' : '000000');
  await confirm.click();
  await expectToast(page, 'Error', /The verification code is incorrect/);
  await dialog.getByLabel('Confirmation code').fill(mine);
  await confirm.click();

  // The new number: another member's is refused; then a number of mine, and the code texted to it.
  const field = dialog.getByLabel('New phone number');
  await expect(field).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await field.fill(other.phone.digits);
  await expect(field).toHaveValue(other.phone.display);
  const otherSent = await codesSentTo(page.request, other.phone);
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await dialog.getByLabel('Code sent to the new number').fill(await readCode(page.request, other.phone, otherSent));
  await dialog.getByRole('button', { name: 'Change Phone Number' }).click();
  await expectToast(page, 'Error', 'Another member signs in with this phone number: it cannot be yours too.');
  expect((await currentUser(paz.context))?.phone).toBe(paz.phone.e164);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Again, to a number of her own.
  await trigger.click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Change phone number' }));
  sent = await codesSentTo(page.request, paz.phone);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Confirmation code').fill(await readCode(page.request, paz.phone, sent));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const next = uniquePhone();
  await dialog.getByLabel('New phone number').fill(next.digits);
  const nextSent = await codesSentTo(page.request, next);
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await expect(dialog).toContainText(`we texted to ${next.display}`);
  await dialog.getByLabel('Code sent to the new number').fill(await readCode(page.request, next, nextSent));
  await dialog.getByRole('button', { name: 'Change Phone Number' }).click();
  await expectToast(page, 'Phone Number Changed', `You now sign in with ${next.display}.`);
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(page.getByTestId('member-summary')).toContainText(next.display);
  await page.keyboard.press('Escape');

  // A new browser signs in with the new number, to the same member; the old number is nobody's.
  const fresh = await browser.newContext({ baseURL: urls.gateway });
  const newBrowser = await fresh.newPage();
  const again = await signIn(newBrowser, { phone: next });
  expect(again).toMatchObject({ isNewUser: false, name: 'Paz Phone' });
  expect((await currentUser(newBrowser))?.id).toBe(paz.id);
  expect(problems).toEqual([]);
  await Promise.all([fresh.close(), paz.context.dispose(), other.context.dispose()]);
});
