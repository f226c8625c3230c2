/**
 * People search in the browser (issue 28 item 3), against the real gateway and a network built
 * through the API: Sam vouches for Priya (headline "Staff Engineer at Acme") and Omar, who vouch
 * for 12 people each (Sam's 24 2° people). `/` focuses the header's search, the results show degree and path, Enter
 * opens the profile; on a phone a search button opens the field; the results page (/search) pages
 * through everyone found, filters by degree and says what matched. The map's "All your 2°
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
  // FarC Friend, and See all results.
  await expect(list.getByRole('option')).toHaveCount(2);
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

test('Enter or See all results opens the results page: every person found, paged, filtered by degree, with the words that matched', async ({ browser }) => {
  const page = await samPage(browser);
  // The browser logs the plan's refusal of 3° (a 403), which the page shows.
  const problems = watchConsole(page, (message) => message.text().includes('status of 403') && message.location().url.includes('degree=3'));
  await page.goto('/dashboard');
  const field = page.getByRole('combobox', { name: 'Search people' });
  await field.fill('design');
  // The header shows the 8 nearest and offers the rest.
  const list = page.getByRole('listbox', { name: 'People found' });
  await expect(list.getByRole('option', { name: /Friend/ })).toHaveCount(8);
  await expect(list.getByRole('option', { name: 'See all results' })).toBeVisible();
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=design$/);
  await expect(page.getByRole('heading', { name: 'People matching “design”' })).toBeVisible();
  const results = page.getByTestId('search-result');
  // The nearest first: Sam's 2° people (public profiles of other suites' members may follow).
  await expect(results).toHaveCount(20);
  await expect(results.first()).toContainText('2°');
  await expect(results.first()).toContainText(/via (Priya Patel|Omar Okafor)/);
  await expect(results.first()).toContainText('Matched skill “design”');

  // By degree: every 2° person, a page at a time; nobody at 1°; 3° is beyond the free plan, which the page says with Upgrade.
  const degree = page.getByRole('group', { name: 'Degree' });
  await degree.getByRole('button', { name: '2°' }).click();
  await expect(page).toHaveURL(/degree=2/);
  await expect(results).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(results).toHaveCount(SECOND);
  await expect(page.getByText("That's everything.")).toBeVisible();
  await expect(results.filter({ hasText: '2°' })).toHaveCount(SECOND);
  await degree.getByRole('button', { name: '1°' }).click();
  await expect(page).toHaveURL(/degree=1/);
  await expect(page.getByText('No one found for “design” at 1°')).toBeVisible();
  await degree.getByRole('button', { name: '3°' }).click();
  await expect(page.getByText('Your Network Builder plan reaches people up to 2nd degree. Upgrade to search 3rd degree connections.')).toBeVisible();
  await degree.getByRole('button', { name: 'All' }).click();

  // A new search from the page; a result opens the profile.
  await page.getByRole('textbox', { name: 'Search for' }).fill('staff acme');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Matched headline “staff”, “acme”');
  await results.first().getByRole('link', { name: 'Priya Patel' }).click();
  await expect(page).toHaveURL(/\/profile\/priya-patel/);
  // The profile takes focus to its heading as it opens: type in the header after that.
  await expect(page.getByRole('heading', { name: 'Priya Patel' }).first()).toBeVisible();

  // From the header: the arrows reach See all results too.
  await field.fill('farc');
  await expect(list.getByRole('option', { name: /FarC Friend/ })).toBeVisible();
  await field.press('ArrowDown');
  await field.press('ArrowDown');
  await expect(list.getByRole('option', { name: 'See all results' })).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=farc$/);
  await expect(results).toHaveCount(1);
  expect(problems).toEqual([]);
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
