/**
 * Issue 28 item 4, actions on a profile: Ask for a vouch from a member's profile, which the asked
 * member finds in the bell and opens as Create Vouch prefilled for the asker; Vouch back after
 * accepting a vouch; Request an introduction through the first hop of the path shown.
 */
import { expect, test } from '@playwright/test';
import { signInByApi } from './support/auth';
import { expectToast } from './support/toasts';
import { acceptedVouch, createRecommendation, member, profileSlug } from './support/members';
import { chooseMenuItem } from './support/layout';

test('a member asks a connection for a vouch from their profile; the other finds it in the bell and vouches from the prefilled form', async ({ browser }) => {
  test.slow(); // two members' browsers, a whole ask and its answer
  const ann = await member('Ann', 'Asker');
  const bob = await member('Bob', 'Asked');
  // Asks go to 1° connections on the free plan (issue 40): Ann vouched for Bob, Bob accepted.
  await acceptedVouch(ann, bob);

  const asker = await (await browser.newContext()).newPage();
  await signInByApi(asker, { phone: ann.phone });
  await asker.goto(`/profile/${await profileSlug(bob)}`);
  const actions = asker.getByTestId('profile-actions');
  await expect(actions.getByRole('button', { name: 'Vouch for Bob Asked' })).toBeVisible();
  // Connected directly: there is nobody to go through.
  await expect(actions.getByRole('link', { name: 'Request an introduction' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Ask for a vouch' }).click();
  const dialog = asker.getByRole('dialog', { name: 'Ask Bob Asked for a Vouch' });
  await dialog.getByLabel('Message (Optional)').fill('Would you vouch for my launch work?');
  await dialog.getByRole('button', { name: 'Send ask' }).click();
  await expectToast(asker, 'Ask sent', 'Bob Asked will see your ask for a Vouch.');
  await expect(actions.getByRole('button', { name: 'Vouch asked' })).toBeDisabled();
  await expect(actions.getByTestId('vouch-ask-state')).toHaveText('You asked Bob Asked for a Vouch. Waiting for their answer.');

  const asked = await (await browser.newContext()).newPage();
  await signInByApi(asked, { phone: bob.phone });
  await asked.goto('/dashboard');
  // Ann's vouch and her ask, both unread.
  await expect(asked.getByTestId('activity-badge')).toHaveText('2');
  await asked.getByTestId('activity-bell').click();
  await chooseMenuItem(asked.getByRole('menu', { name: /^Recent activity/ }).getByRole('menuitem', { name: /Ann Asker asked you for a Vouch/ }));
  await expect(asked).toHaveURL(new RegExp(`/my-vouches\\?vouchFor=${ann.id}&ask=\\d+$`));

  const form = asked.getByRole('dialog', { name: 'Create a Vouch' });
  await expect(form.getByTestId('vouch-ask-notice')).toContainText('Ann Asker asked you for a Vouch.');
  await expect(form.getByTestId('vouch-ask-notice')).toContainText('Would you vouch for my launch work?');
  await expect(form.getByLabel('Recipient name')).toHaveValue('Ann Asker');
  await expect(form.getByTestId('recipient-phone-private')).toBeVisible();
  await expect(form.getByLabel('Recipient phone'), 'her phone stays private').toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Skills' }).check();
  await form.getByPlaceholder('e.g. Product design, React, negotiation').fill('Launches');
  await form.getByLabel('Reason').fill('Ann ran our launch.');
  await form.getByLabel('They are my').selectOption('colleague');
  await form.getByRole('button', { name: 'Create Vouch' }).click();
  await expect(asked.getByRole('dialog', { name: 'Share your Vouch' })).toBeVisible();
  await asked.getByRole('dialog', { name: 'Share your Vouch' }).getByRole('button', { name: 'Done' }).click();
  await expect(asked, 'closing takes the link off the address').toHaveURL(/\/my-vouches$/);

  // The asker sees her ask answered.
  await asker.reload();
  await expect(asker.getByTestId('vouch-ask-state')).toHaveText('Bob Asked vouched for you after your ask.');
  await expect(asker.getByTestId('profile-actions').getByRole('button', { name: 'Ask for a vouch' })).toBeEnabled();
  await asker.context().close();
  await asked.context().close();
});

test('the asked member can decline the ask from the form it opens, and keep the asker from asking again', async ({ page }) => {
  const cy = await member('Cy', 'Asker');
  const dee = await member('Dee', 'Declines');
  await acceptedVouch(dee, cy);
  expect((await cy.context.post('/api/vouch-asks', { data: { memberId: dee.id } })).status()).toBe(201);
  await signInByApi(page, { phone: dee.phone });
  await page.goto(`/my-vouches?vouchFor=${cy.id}`);
  const form = page.getByRole('dialog', { name: 'Create a Vouch' });
  await form.getByTestId('vouch-ask-notice').getByRole('checkbox', { name: "If I decline, don't let Cy Asker ask me again" }).check();
  await form.getByTestId('vouch-ask-notice').getByRole('button', { name: 'Decline ask' }).click();
  await expectToast(page, 'Ask declined', 'Cy Asker will see that you declined, and cannot ask you again.');
  await expect(form).toHaveCount(0);
  const sent = (await (await cy.context.get('/api/vouch-asks?box=sent')).json()) as { status: string }[];
  expect(sent[0]?.status).toBe('declined');
  const again = await cy.context.post('/api/vouch-asks', { data: { memberId: dee.id } });
  expect(again.status()).toBe(403);
  expect(((await again.json()) as { code: string }).code).toBe('ASKS_BLOCKED');
});

test('after accepting a vouch in My Vouches, Vouch back opens Create Vouch for the voucher', async ({ page }) => {
  const gia = await member('Gia', 'Giver');
  const tom = await member('Tom', 'Taker');
  await createRecommendation(gia, tom);
  await signInByApi(page, { phone: tom.phone });
  await page.goto('/my-vouches');
  await page.getByTestId('received-vouch').filter({ hasText: 'Gia Giver vouched for you' }).getByRole('button', { name: 'Accept Vouch' }).click();
  await expectToast(page, 'Vouch Accepted', /counts toward your reputation/);
  const prompt = page.getByTestId('vouch-back');
  await prompt.getByRole('button', { name: 'Vouch back for Gia Giver' }).click();
  const form = page.getByRole('dialog', { name: 'Create a Vouch' });
  await expect(form.getByLabel('Recipient name')).toHaveValue('Gia Giver');
  await form.getByRole('radio', { name: /Invite/ }).check();
  await form.getByLabel('They are my').selectOption('friend');
  await form.getByRole('button', { name: 'Create Vouch' }).click();
  await expect(page.getByRole('dialog', { name: 'Share your Vouch' })).toBeVisible();
});

test('after accepting on the vouch page, Vouch back is offered before the dashboard', async ({ page }) => {
  const vic = await member('Vic', 'Voucher');
  const rae = await member('Rae', 'Recipient');
  const token = await createRecommendation(vic, rae);
  await signInByApi(page, { phone: rae.phone });
  await page.goto(`/vouch/${token}`);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByTestId('vouch-back')).toContainText('Vouch back for Vic Voucher');
  await expect(page.getByTestId('vouch-answered')).toHaveText('You accepted this Vouch.');
  await page.getByRole('button', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a 2nd-degree profile, Request an introduction opens a request to that member, through the first hop', async ({ page }) => {
  const ivy = await member('Ivy', 'Intro');
  const hal = await member('Hal', 'Hop');
  const tia = await member('Tia', 'Target');
  await acceptedVouch(ivy, hal);
  await acceptedVouch(hal, tia);
  await signInByApi(page, { phone: ivy.phone });
  await page.goto(`/profile/${await profileSlug(tia)}`);
  await page.getByTestId('profile-actions').getByRole('link', { name: 'Request an introduction' }).click();
  await expect(page).toHaveURL(new RegExp(`/introduction-requests\\?introTo=${tia.id}&introThrough=${hal.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Request an introduction to Tia Target' });
  await expect(dialog.getByRole('radio', { name: 'Hal Hop' })).toBeChecked();
});

test('Vouch back stays on the dashboard, on every device, until it is given or dismissed', async ({ browser }) => {
  const [kim, lou, meg] = [await member('Kim', 'Kept'), await member('Lou', 'Voucher'), await member('Meg', 'Voucher')];
  await acceptedVouch(lou, kim);
  await acceptedVouch(meg, kim);
  const [phone, laptop] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  for (const page of [phone, laptop]) await signInByApi(page, { phone: kim.phone });

  // The latest voucher first; still there after a reload.
  await phone.goto('/dashboard');
  const card = phone.getByTestId('vouch-back');
  await expect(card.getByRole('button', { name: 'Vouch back for Meg Voucher' })).toBeVisible();
  await phone.reload();
  await expect(card.getByRole('button', { name: 'Vouch back for Meg Voucher' })).toBeVisible();

  // Not now on the phone: Lou's comes next, and the laptop shows the same.
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card.getByRole('button', { name: 'Vouch back for Lou Voucher' })).toBeVisible();
  await laptop.goto('/dashboard');
  await expect(laptop.getByTestId('vouch-back').getByRole('button', { name: 'Vouch back for Lou Voucher' })).toBeVisible();

  // Given from the laptop: the card goes there, and on the phone's next visit.
  await laptop.getByRole('button', { name: 'Vouch back for Lou Voucher' }).click();
  const form = laptop.getByRole('dialog', { name: 'Create a Vouch' });
  await expect(form.getByLabel('Recipient name')).toHaveValue('Lou Voucher');
  await form.getByRole('radio', { name: /Invite/ }).check();
  await form.getByLabel('They are my').selectOption('friend');
  await form.getByRole('button', { name: 'Create Vouch' }).click();
  const share = laptop.getByRole('dialog', { name: 'Share your Vouch' });
  await expect(share).toBeVisible();
  await laptop.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await expect(laptop.getByTestId('vouch-back')).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByTestId('dashboard')).toBeVisible();
  await expect(phone.getByTestId('vouch-back')).toHaveCount(0);
});
