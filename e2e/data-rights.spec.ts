/**
 * Data rights in the browser (issue 10), from the avatar menu: Export my data downloads a JSON
 * file of everything held about the member; Delete account asks for DELETE to be typed and a
 * fresh code texted to the member's phone (issue 43), then signs out and lands on / with a toast;
 * the vouch the member gave stays with its recipient from "A former member", and the old session
 * no longer works.
 */
import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { watchConsole } from './support/console';
import { acceptedVouch, member } from './support/members';
import { signInPageAs } from './support/data-rights';
import { expectToast } from './support/toasts';
import { codesSentTo, readCode } from './support/auth';
import { chooseMenuItem } from './support/layout';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

async function openMenuItem(page: Page, name: string) {
  const trigger = page.getByTestId('member-menu-trigger');
  await expect(trigger).toHaveAttribute('data-scope', 'menu'); // the menu's lazy chunk has loaded
  await trigger.click();
  await chooseMenuItem(page.getByRole('menuitem', { name }));
}

test('Export my data downloads a JSON file of everything held about me, without secrets', async ({ page }) => {
  const problems = watchConsole(page);
  const erin = await member('Erin', 'Export');
  const friend = await member('Fay', 'Friend');
  await acceptedVouch(erin, friend, { reason: 'Fay is the best reviewer I know.' });

  await signInPageAs(page, erin);
  await page.goto('/dashboard');
  const download = page.waitForEvent('download');
  await openMenuItem(page, 'Export my data');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vouch-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  const data = JSON.parse(text);
  expect(data.member).toMatchObject({ name: 'Erin Export', phone: erin.phone.e164 });
  expect(data.vouches.given).toEqual([expect.objectContaining({ recipientName: 'Fay Friend', reason: 'Fay is the best reviewer I know.', status: 'accepted' })]);
  expect(text).not.toMatch(/vouchToken|tokenHash|codeHash|stripe/i);
  await expectToast(page, 'Data Exported', 'Your data was downloaded as a JSON file.');
  expect(problems).toEqual([]);
});

test('Delete account: confirm by typing DELETE and a code texted to my phone, then signed out on the landing page; the vouch I gave stays, from "A former member"', async ({ page }) => {
  // The wrong code's 400 is an answer the dialog shows; Chromium still logs it.
  const problems = watchConsole(page, (message) => /\/api\/auth\/reverify$/.test(message.location().url) && /400/.test(message.text()));
  const dora = await member('Dora', 'Delete');
  const ben = await member('Ben', 'Keeps');
  await acceptedVouch(dora, ben, { reason: 'Ben shipped the release on time.' });

  await signInPageAs(page, dora);
  await page.goto('/dashboard');

  // Keep first: the dialog closes and nothing happens.
  await openMenuItem(page, 'Delete account');
  let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('A former member');
  await dialog.getByRole('button', { name: 'Keep Account' }).click();
  await expect(dialog).toBeHidden();
  expect((await dora.context.get('/api/user/profile')).status()).toBe(200);

  // The button works only once DELETE is typed.
  await openMenuItem(page, 'Delete account');
  dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const button = dialog.getByRole('button', { name: 'Continue' });
  await expect(button).toBeDisabled();
  await dialog.getByLabel(/Type DELETE to confirm/).fill('delete');
  await expect(button).toBeDisabled();
  await dialog.getByLabel(/Type DELETE to confirm/).fill('DELETE');
  await expect(button).toBeEnabled();
  const sentBefore = await codesSentTo(page.request, dora.phone);
  await button.click();

  // A code texted to her phone confirms it is her (issue 43); a wrong one deletes nothing.
  await expect(dialog).toContainText(`we texted to ${dora.phone.display}`);
  const code = await readCode(page.request, dora.phone, sentBefore);
  const field = dialog.getByLabel('Confirmation code');
  await field.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expectToast(page, 'Error', /The verification code is incorrect/);
  expect((await dora.context.get('/api/user/profile')).status()).toBe(200);
  await field.fill(code);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();

  await expectToast(page, 'Account Deleted', 'Your account and your data have been deleted.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('member-menu-trigger')).toHaveCount(0);

  // Every session of hers stops working; Ben keeps the vouch, from a former member.
  expect((await dora.context.get('/api/user/profile')).status()).toBe(401);
  const received = (await (await ben.context.get('/api/vouches/received')).json()) as { voucherName: string; reason: string }[];
  expect(received).toEqual([expect.objectContaining({ voucherName: 'A former member', reason: 'Ben shipped the release on time.' })]);
  expect(problems).toEqual([]);
});
