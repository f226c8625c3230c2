/**
 * Issue 28, item 5: the bell counts what others did (never the member's own actions), clears when
 * opened — on every device of the member, since the mark is kept on the server — each item opens
 * its object (issue 40: on the tab that holds it, marked), and View All Activity lists everything with a filter.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './support/auth';
import { acceptedVouch, createRecommendation, member } from './support/members';
import { chooseMenuItem } from './support/layout';

const badge = (page: Page) => page.getByTestId('activity-badge');

test('unread activity clears across two devices, never counts own actions, and each item opens its object', async ({ browser }) => {
  const maya = await member('Maya', 'Unread');
  const jordan = await member('Jordan', 'Accepts');

  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  // Two sessions of one member, as two devices hold.
  await signInByApi(laptop, { phone: maya.phone });
  await signInByApi(phone, { phone: maya.phone });

  // Maya's own vouch is in her feed but is nothing new to her.
  const token = await createRecommendation(maya, { name: jordan.name, phone: jordan.phone });
  await laptop.goto('/dashboard');
  await expect(laptop.getByTestId('activity-bell')).toBeVisible();
  await expect(badge(laptop)).toHaveCount(0);

  const accepted = await jordan.context.post('/api/vouches/accept', { data: { vouchToken: token, action: 'accept' } });
  expect(accepted.status()).toBe(200);
  await laptop.reload();
  await phone.goto('/dashboard');
  await expect(badge(laptop)).toHaveText('1');
  await expect(badge(phone)).toHaveText('1');

  await laptop.getByTestId('activity-bell').click();
  const panel = laptop.getByRole('menu', { name: /^Recent activity/ });
  await expect(panel.getByRole('menuitem', { name: /Jordan Accepts accepted your Vouch/ })).toBeVisible();
  await expect(badge(laptop)).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByTestId('activity-bell')).toBeVisible();
  await expect(badge(phone)).toHaveCount(0);

  // The item opens its object (issue 40): the vouch, on My Vouches → Sent, marked.
  await chooseMenuItem(panel.getByRole('menuitem', { name: /Jordan Accepts accepted your Vouch/ }));
  await expect(laptop).toHaveURL(/\/my-vouches\?tab=sent&vouch=\d+$/);
  await expect(laptop.getByRole('tab', { name: /Sent/ })).toHaveAttribute('aria-selected', 'true');
  await expect(laptop.locator('[data-testid="sent-vouch"][data-linked]')).toContainText('Jordan Accepts');
  await laptop.context().close();
  await phone.context().close();
});

test('View All Activity pages through every activity with a filter by kind', async ({ page }) => {
  const kim = await member('Kim', 'Feed');
  const others = await Promise.all(['Ada', 'Bo'].map((first) => member(first, 'Feed')));
  for (const other of others) await acceptedVouch(kim, other);
  const request = await kim.context.post('/api/introduction-requests', { data: { requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'Building a team', degreeLevel: 1 } });
  expect(request.status(), await request.text()).toBe(201);

  await signInByApi(page, { phone: kim.phone });
  await page.goto('/dashboard');
  await page.getByTestId('activity-bell').click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'View All Activity' }));
  await expect(page).toHaveURL(/\/activity$/);
  const list = page.getByTestId('activity-list');
  await expect(list.getByText('Ada Feed accepted your Vouch.')).toBeVisible();
  await expect(list.getByText('You vouched for Bo Feed.')).toBeVisible();
  await expect(list.getByText(/You asked your network for an introduction/)).toBeVisible();

  await page.getByRole('button', { name: 'Vouches', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Vouches', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByText('Ada Feed accepted your Vouch.')).toBeVisible();
  await expect(list.getByText(/You asked your network for an introduction/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Suggestions', exact: true }).click();
  await expect(page.getByText('No suggestions activity yet')).toBeVisible();

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await list.getByText('Ada Feed accepted your Vouch.').click();
  await expect(page.locator('[data-testid="sent-vouch"][data-linked]')).toContainText('Ada Feed');
});
