/**
 * People search in the browser (issue 28 item 3), against the real gateway and a network built
 * through the API: Sam vouches for Priya (headline "Staff Engineer at Acme") and Omar, who vouch
 * for 12 people each (Sam's 24 2° people). `/` focuses the header's search, the results show degree and path, Enter
 * opens the profile; on a phone a search button opens the field. The map's "All your 2°
 * connections" pages past the 20 the map draws and filters.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { acceptedVouch, member, type Member } from './support/members';
import { watchConsole } from './support/console';

const vouch = (from: Member, to: Member, skills: string) => acceptedVouch(from, to, { skills });

const SECOND = 24;
const letter = (i: number) => String.fromCharCode(65 + i);
let sam: Member;
let members: Member[] = [];
let samState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sam = await member('Sam', 'Searcher');
  const priya = await member('Priya', 'Patel');
  const omar = await member('Omar', 'Okafor');
  members = [sam, priya, omar];
  await vouch(sam, priya, 'Rust, Go');
  await vouch(sam, omar, 'Sales');
  expect((await priya.context.patch('/api/profile', { data: { headline: 'Staff Engineer at Acme' } })).status()).toBe(200);
  // Half through Priya, half through Omar (a free plan gives 15 vouches a month).
  for (let i = 0; i < SECOND; i += 1) {
    const person = await member(`Far${letter(i)}`, 'Friend');
    members.push(person);
    await vouch(i < SECOND / 2 ? priya : omar, person, 'Design');
  }
  samState = await sam.context.storageState();
});

test.afterAll(async () => {
  await Promise.all(members.map((m) => m.context.dispose()));
});

async function samPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ storageState: samState, viewport });
  return context.newPage();
}

test('/ focuses the header search; results show degree, headline and path; Enter opens the profile', async ({ browser }) => {
  const page = await samPage(browser);
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  const field = page.getByRole('combobox', { name: 'Search people' });
  await expect(field).toBeVisible();
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await page.keyboard.type('acme');
  const list = page.getByRole('listbox', { name: 'People found' });
  const priya = list.getByRole('option', { name: /Priya Patel/ });
  await expect(priya).toContainText('1°');
  await expect(priya).toContainText('Staff Engineer at Acme');

  await field.fill('farc fri');
  const farC = list.getByRole('option', { name: /FarC Friend/ });
  await expect(farC).toContainText('2°');
  await expect(farC).toContainText('via Priya Patel');
  await expect(list.getByRole('option')).toHaveCount(1);
  await field.press('ArrowDown');
  await expect(farC).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/profile\/farc-friend/);
  await expect(page.getByRole('heading', { name: 'FarC Friend' }).first()).toBeVisible();

  // Escape closes the list; / typed inside a field is just a character.
  await field.fill('pri');
  await expect(list.getByRole('option', { name: /Priya Patel/ })).toBeVisible();
  await field.press('Escape');
  await expect(list).toBeHidden();
  await field.press('/');
  await expect(field).toHaveValue('pri/');
  expect(problems).toEqual([]);
});

test('on a phone a search button opens the field', async ({ browser }) => {
  const page = await samPage(browser, { width: 390, height: 844 });
  await page.goto('/dashboard');
  const field = page.getByRole('combobox', { name: 'Search people' });
  await expect(field).toBeHidden();
  const button = page.getByRole('button', { name: 'Search people' });
  await expect(button).toBeVisible();
  // The header stays one line (60 px and its 1 px border), and the page does not scroll sideways.
  expect((await page.locator('header').first().boundingBox())?.height).toBe(61);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await button.click();
  await expect(field).toBeFocused();
  await field.fill('priya');
  await page.getByRole('option', { name: /Priya Patel/ }).click();
  await expect(page).toHaveURL(/\/profile\/priya-patel/);
});

test("the map's 2° list pages through every 2° person and filters them", async ({ browser }) => {
  const page = await samPage(browser);
  await page.goto('/network');
  const all = page.getByTestId('second-degree-list');
  await all.locator('summary').click();
  const people = all.getByTestId('second-degree-person');
  await expect(people).toHaveCount(20);
  await all.getByRole('button', { name: 'Load more' }).click();
  await expect(people).toHaveCount(SECOND);
  await expect(all.getByText("That's everything.")).toBeVisible();
  await all.getByRole('textbox', { name: 'Filter 2° connections' }).fill('farq');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('FarQ Friend');
  await expect(people.first()).toContainText('via Omar Okafor');
  await people.first().getByRole('link', { name: 'FarQ Friend' }).click();
  // The link names the member (/members/<id>); their profile page then shows its own URL.
  await expect(page).toHaveURL(/\/profile\/farq-friend(-\d+)?$/);
});
