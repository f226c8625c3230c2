/**
 * Vouch revocation in the browser (issue 10): the voucher revokes a pending vouch from My
 * Vouches (Revoke → confirmation → toast), the card stays in Sent marked revoked, the recipient no
 * longer has it pending, and its public page says it was removed by its sender.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { watchConsole } from './support/console';
import { createRecommendation, member } from './support/members';
import { signInPageAs } from './support/data-rights';
import { expectToast } from './support/toasts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

test('a voucher revokes a pending vouch from My Vouches; its link then says it was removed', async ({ page, browser }) => {
  const problems = watchConsole(page);
  const victor = await member('Victor', 'Revoker');
  const rita = await member('Rita', 'Pending');
  const kept = await member('Karl', 'Kept');
  const token = await createRecommendation(victor, rita, { reason: 'Rita ran the launch.' });
  await createRecommendation(victor, kept, { reason: 'Karl keeps his.' });

  await signInPageAs(page, victor);
  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  const card = page.getByTestId('sent-vouch').filter({ hasText: 'Rita Pending' });
  await expect(card).toBeVisible();

  // Keep first: nothing happens.
  await card.getByRole('button', { name: 'Revoke Vouch for Rita Pending' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this Vouch?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('It still counts toward this month');
  await dialog.getByRole('button', { name: 'Keep Vouch' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  // Then revoke.
  await card.getByRole('button', { name: 'Revoke Vouch for Rita Pending' }).click();
  await page.getByRole('dialog', { name: 'Revoke this Vouch?' }).getByRole('button', { name: 'Revoke Vouch' }).click();
  await expectToast(page, 'Vouch Revoked', 'Your Vouch for Rita Pending was removed.');
  // It stays in Sent, marked Revoked (issue 28), with nothing left to do.
  await expect(card.getByTestId('vouch-status')).toHaveText('revoked');
  await expect(card.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(page.getByTestId('sent-vouch').filter({ hasText: 'Karl Kept' })).toBeVisible();

  // The recipient has nothing pending from Victor.
  const pending = await rita.context.get('/api/vouches/pending-for-me');
  expect(((await pending.json()) as { voucherName: string }[]).map((v) => v.voucherName)).not.toContain('Victor Revoker');

  // Anyone with the link sees that its sender removed it, with no answer buttons.
  const visitor = await (await browser.newContext()).newPage();
  // An expected state, not an error: no failed request in the console (issue 28).
  const visitorProblems = watchConsole(visitor);
  await visitor.goto(`/vouch/${token}`);
  await expect(visitor.getByRole('heading', { name: 'Vouch Removed' })).toBeVisible();
  await expect(visitor.getByTestId('vouch-unavailable-reason')).toHaveText('This Vouch was removed by its sender.');
  await expect(visitor.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await visitor.context().close();

  expect(problems).toEqual([]);
  expect(visitorProblems).toEqual([]);
});
