/**
 * Long lists in the browser (issue 18): My Vouches → Sent and View Suggestions show the first
 * page (50), the activity bell the latest 20; "Load more" / "Load older activity" fetches the
 * next through the API's Link header, and the end of the list is visible.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './support/auth';
import { watchConsole } from './support/console';
import { acceptedVouch, member, type Member } from './support/members';
import { chooseMenuItem } from './support/layout';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** Signs the page in as a new member who has sent `count` recommendations (Person 0 … Person count-1). */
async function signedInWithVouches(page: Page, firstName: string, count: number): Promise<void> {
  await signInByApi(page, { firstName, lastName: 'Pager' });
  // Network Pro's 100 vouches a month (local billing switches at once), so more than the free 15 fit.
  expect((await page.request.post('/api/subscriptions/create', { data: { plan: 'premium' } })).status()).toBe(200);
  for (let i = 0; i < count; i += 1) {
    const created = await page.request.post('/api/vouches', {
      data: { type: 'recommendation', recipientName: `Person ${i}`, recipientPhone: uniquePhone().e164, reason: 'Solid work.', skills: 'Testing' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test('My Vouches → Sent loads 50, then "Load more" shows the rest and says the list is complete', async ({ page }) => {
  const errors = watchConsole(page);
  await signedInWithVouches(page, 'Paula', 52);

  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  const cards = page.getByTestId('sent-vouch');
  await expect(cards).toHaveCount(50);
  await expect(cards.first()).toContainText('Person 51');
  await expect(page.getByTestId('list-end')).toHaveCount(0);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(52);
  await expect(cards.last()).toContainText('Person 0');
  await expect(page.getByTestId('list-end')).toHaveText("That's everything.");
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the activity bell shows the latest 20, then "Load older activity" brings the rest and says the list is complete', async ({ page }) => {
  const errors = watchConsole(page);
  // Each vouch made is an activity.
  await signedInWithVouches(page, 'Bella', 22);
  const all = (await (await page.request.get('/api/activities?limit=100')).json()) as unknown[];
  expect(all.length, 'more activities than the first page holds').toBeGreaterThan(20);

  await page.goto('/dashboard');
  await page.getByTestId('activity-bell').click();
  const panel = page.getByRole('menu', { name: /^Recent activity/ });
  const entries = panel.locator('[role="menuitem"][data-value^="activity-"]');
  await expect(entries).toHaveCount(20);
  await expect(panel.getByTestId('list-end')).toHaveCount(0);

  await chooseMenuItem(panel.getByRole('menuitem', { name: 'Load older activity' }));
  await expect(panel, 'the menu stays open').toBeVisible();
  await expect(entries).toHaveCount(all.length);
  await expect(panel.getByRole('menuitem', { name: 'Load older activity' })).toHaveCount(0);
  await expect(panel.getByTestId('list-end')).toHaveText("That's everything.");
  expect(errors).toEqual([]);
});

test('View Suggestions shows 50, then "Load more" shows the rest and says the list is complete', async ({ page }) => {
  // Rita's eight 1° connections are 2° of each other (through her): each suggests the other seven, 56 suggestions.
  const rita = await member('Rita', 'Many');
  const helpers: Member[] = [];
  for (let i = 0; i < 8; i += 1) {
    const helper = await member(`Helper${String.fromCharCode(65 + i)}`, 'Many');
    await acceptedVouch(rita, helper);
    helpers.push(helper);
  }
  const made = await rita.context.post('/api/introduction-requests', { data: { requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'A lead for the team.', degreeLevel: 2 } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: requestId } = (await made.json()) as { id: number };
  for (const helper of helpers) {
    for (const other of helpers.filter((h) => h !== helper)) {
      const suggested = await helper.context.post('/api/introduction-suggestions', {
        data: { requestId, suggestedPersonId: other.id, isSelfSuggestion: false, reasoning: `${other.name} has led teams like this.` },
      });
      expect(suggested.status(), await suggested.text()).toBe(201);
    }
  }

  await page.context().addCookies((await rita.context.storageState()).cookies);
  await page.goto('/introduction-requests');
  await page.getByTestId('my-request').getByRole('button', { name: /View Suggestions/ }).click();
  const dialog = page.getByRole('dialog', { name: /Suggestions/ });
  const cards = dialog.getByTestId('suggestion');
  await expect(cards).toHaveCount(50);
  await expect(dialog.getByTestId('list-end')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(56);
  await expect(dialog.getByTestId('list-end')).toHaveText("That's everything.");
  await Promise.all([rita, ...helpers].map((m) => m.context.dispose()));
});
