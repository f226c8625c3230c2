/**
 * Issue 40: what one member does reaches the other. Two browsers at once: Marcus vouches for Maya
 * from her profile; Maya's bell counts it without a reload, its item opens the vouch, and the text
 * the worker sent her (the dev SMS outbox) links to the same vouch. Then the settings that decide
 * which channels a kind takes, and the ask's decline reaching the asker's bell.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './support/auth';
import { acceptedVouch, member, profileSlug } from './support/members';
import { chooseMenuItem } from './support/layout';

const badge = (page: Page) => page.getByTestId('activity-badge');

/** Fills the open Create Vouch form (a skill, a reason, a colleague), creates it, and checks the review says `name` was told. */
async function createAndSeeTold(page: Page, skill: string, reason: string, name: string) {
  const form = page.getByRole('dialog', { name: 'Create a Vouch' });
  await form.getByRole('checkbox', { name: 'Skills' }).check();
  await form.getByPlaceholder('e.g. Product design, React, negotiation').fill(skill);
  await form.getByLabel('Reason').fill(reason);
  await form.getByLabel('They are my').selectOption('colleague');
  await form.getByRole('button', { name: 'Create Vouch' }).click();
  const review = page.getByRole('dialog', { name: 'Share your Vouch' });
  // A member: we told them; there is nothing to text, only the link to copy.
  await expect(review.getByTestId('vouch-review-next')).toHaveText(`We told ${name}: it is in their notifications now, and they can accept it from there.`);
  await expect(review.getByRole('link', { name: 'Send by text message' })).toHaveCount(0);
  return review;
}

test('Marcus vouches for Maya from her profile: her bell shows it without a reload, and the bell and the text both open the vouch', async ({ browser }) => {
  test.slow(); // two browsers and the worker's delivery
  const maya = await member('Maya', 'Notified');
  const marcus = await member('Marcus', 'Vouches');

  const mayas = await (await browser.newContext()).newPage();
  await signInByApi(mayas, { phone: maya.phone });
  await mayas.goto('/dashboard');
  await expect(mayas.getByTestId('activity-bell')).toBeVisible();
  await expect(badge(mayas)).toHaveCount(0);

  const marcuss = await (await browser.newContext()).newPage();
  await signInByApi(marcuss, { phone: marcus.phone });
  await marcuss.goto(`/profile/${await profileSlug(maya)}`);
  await marcuss.getByTestId('profile-actions').getByRole('button', { name: 'Vouch for Maya Notified' }).click();
  const review = await createAndSeeTold(marcuss, 'Product design', 'Maya led our redesign.', 'Maya Notified');
  const link = await review.locator('#vouch-public-link').inputValue();
  const token = link.split('/vouch/')[1]!;

  // Maya's open page hears of it (the bell's event stream), no reload.
  await expect(badge(mayas)).toHaveText('1');
  await mayas.getByTestId('activity-bell').click();
  await chooseMenuItem(mayas.getByRole('menu', { name: /^Recent activity/ }).getByRole('menuitem', { name: /Marcus Vouches vouched for you/ }));
  await expect(mayas).toHaveURL(new RegExp(`/vouch/${token}$`));
  await expect(mayas.getByRole('heading', { name: "You've Been Vouched For!" })).toBeVisible();

  // The worker texted her a link to the same vouch (her number, our words, no reason).
  let text = '';
  await expect
    .poll(async () => {
      const outbox = (await (await maya.context.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(maya.phone.e164)}`)).json()) as { messages: Array<{ body: string; code: string | null }> };
      text = outbox.messages.find((m) => m.code === null)?.body ?? '';
      return text;
    }, { timeout: 20_000 })
    .toContain(`/vouch/${token}`);
  expect(text).toMatch(/^Vouch: Marcus Vouches vouched for you\. See it and accept: http\S+\/vouch\/\S+ Reply STOP to opt out\.$/);
  expect(text).not.toContain('redesign');
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(new URL(text.match(/http\S+/)![0]).pathname);
  await expect(phone.getByRole('heading', { name: "You've Been Vouched For!" })).toBeVisible();
  await expect(phone.getByText('Maya Notified', { exact: true }).first()).toBeVisible();
  for (const page of [mayas, marcuss, phone]) await page.context().close();
});

test('notification settings turn a kind\'s text off from the bell; a declined ask reaches the asker\'s bell on the Asks tab', async ({ page }) => {
  const priya = await member('Priya', 'Prefers');
  const sam = await member('Sam', 'Asks');
  await acceptedVouch(priya, sam);
  await signInByApi(page, { phone: priya.phone });
  await page.goto('/dashboard');
  await page.getByTestId('activity-bell').click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Notification settings' }));
  const settings = page.getByRole('dialog', { name: 'Notification settings' });
  const askByText = settings.getByRole('checkbox', { name: 'Someone asks you for a Vouch: Text' });
  await expect(askByText).toBeChecked();
  await askByText.uncheck();
  await expect
    .poll(async () => ((await (await priya.context.get('/api/notification-preferences')).json()) as { vouch_asked: { text: boolean } }).vouch_asked.text)
    .toBe(false);
  await expect(settings.getByRole('checkbox', { name: 'Someone asks you for a Vouch: Push' })).toBeChecked();
  await page.keyboard.press('Escape');

  // Sam asks, Priya declines; Sam's bell opens his ask on My Vouches → Asks, declined.
  const asked = await sam.context.post('/api/vouch-asks', { data: { memberId: priya.id } });
  expect(asked.status()).toBe(201);
  const askId = ((await asked.json()) as { id: number }).id;
  expect((await priya.context.post(`/api/vouch-asks/${askId}/decline`, { data: {} })).status()).toBe(200);
  const sams = await (await page.context().browser()!.newContext()).newPage();
  await signInByApi(sams, { phone: sam.phone });
  await sams.goto('/dashboard');
  await sams.getByTestId('activity-bell').click();
  await chooseMenuItem(sams.getByRole('menuitem', { name: /Priya Prefers declined your ask for a Vouch/ }));
  await expect(sams).toHaveURL(new RegExp(`/my-vouches\\?tab=asks&ask=${askId}$`));
  await expect(sams.locator('[data-testid="vouch-ask"][data-linked]')).toContainText('Priya Prefers declined your ask for a Vouch.');
  await sams.context().close();
});

test('Dana vouches for Sam by the phone he signed up with: the review says he was told, and his bell has it', async ({ page }) => {
  const dana = await member('Dana', 'Typed');
  const sam = await member('Sam', 'ByPhone');
  await signInByApi(page, { phone: dana.phone });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create First Vouch' }).click();
  const form = page.getByRole('dialog', { name: 'Create a Vouch' });
  await form.getByLabel('Recipient name').fill('Sam ByPhone');
  await form.getByLabel('Recipient phone').pressSequentially(sam.phone.digits);
  // The phone is a member's: the server told him (bell, and text as he chose), as it tells a member named by id.
  const review = await createAndSeeTold(page, 'Negotiation', 'Sam closed our hardest deal.', 'Sam ByPhone');
  await expect(review.getByRole('group', { name: 'Vouch summary' })).toContainText(sam.phone.digits.slice(-4));
  const activities = (await (await sam.context.get('/api/activities')).json()) as Array<{ type: string; description: string }>;
  expect(activities.find((a) => a.type === 'vouch_created')?.description).toMatch(/Dana Typed vouched for you/);
});

test('a link to a sent vouch further back than the first page shows it on top, marked; a gone one says so', async ({ page }) => {
  test.slow(); // 51 vouches through the API
  const olga = await member('Olga', 'Oldest');
  expect((await olga.context.post('/api/subscriptions/create', { data: { plan: 'enterprise' } })).status()).toBe(200);
  const ids: number[] = [];
  for (let i = 0; i < 51; i += 1) {
    const created = await olga.context.post('/api/vouches', { data: { type: 'invite', recipientName: `Guest Number${i}`, recipientPhone: uniquePhone().e164, reason: null, skills: null, characterTraits: null, accomplishments: null } });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  await signInByApi(page, { phone: olga.phone });
  await page.goto(`/my-vouches?tab=sent&vouch=${ids[0]}`);
  // The first page holds the 50 newest; the oldest comes by id, on top and marked.
  const linked = page.locator('[data-testid="sent-vouch"][data-linked]');
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText('Guest Number0');
  await expect(page.getByTestId('sent-vouch').first()).toHaveAttribute('data-linked', 'true');
  await expect(page.getByTestId('sent-vouch')).toHaveCount(51);

  // A link to a vouch that is gone (or never hers) says so on top of the list.
  await page.goto('/my-vouches?tab=sent&vouch=999999999');
  await expect(page.getByTestId('linked-gone')).toHaveText('This Vouch is no longer there: it was removed, or it is not one you sent.');
  await expect(page.locator('[data-testid="sent-vouch"][data-linked]')).toHaveCount(0);
});

test('a link to an introduction or a request that is gone says so on top of its tab', async ({ page }) => {
  const ines = await member('Ines', 'Linked');
  await acceptedVouch(await member('Ken', 'Voucher'), ines);
  await signInByApi(page, { phone: ines.phone });
  await page.goto('/introduction-requests?tab=introductions&introduction=999999999');
  await expect(page.getByTestId('linked-gone')).toHaveText('This introduction is no longer there.');
  await page.goto('/introduction-requests?tab=mine&request=999999999');
  await expect(page.getByTestId('linked-gone')).toHaveText('This introduction request is no longer there.');
  await expect(page.getByText('No introduction requests yet')).toBeVisible();
});
