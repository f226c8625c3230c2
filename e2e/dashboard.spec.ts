/**
 * The dashboard and Stats in the browser (SPEC "Dashboard", "Reputation panel", "Stats",
 * "Profile summary card"), against the real gateway, with members built through the API:
 * - Nora has no vouches: the amber banner, locked panels, greyed profile summary, Stats locked;
 * - Oli has 3 (gave 2, received 1) and 4 pending for him: reputation panel, onboarding map, the
 *   profile summary card, and Stats with its cards;
 * - Fay has 15 (gave 10, received 5): the full network map.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { acceptedVouch, member, pendingVouchFor, type Member, type StorageState } from './support/members';
import { watchConsole } from './support/console';

// Pages load two or three remotes at run time; on a busy machine that takes more than 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

let nora: Member;
let oli: Member;
let fay: Member;
const states = new Map<Member, StorageState>();
const others: Member[] = [];

test.beforeAll(async () => {
  test.setTimeout(420_000);
  nora = await member('Nora', 'Newbie');

  oli = await member('Oli', 'Onboard');
  const ann = await member('Ann', 'Alpha');
  const ben = await member('Ben', 'Beta');
  await acceptedVouch(oli, ann);
  await acceptedVouch(oli, ben);
  await acceptedVouch(ann, oli, { skills: 'Product strategy, Roadmapping', characterTraits: 'Curious', reason: 'Oli ran our product discovery for a year.' });
  others.push(ann, ben);
  for (const first of ['Pat', 'Peg', 'Pip', 'Poe']) others.push(await pendingVouchFor(oli, first));

  fay = await member('Fay', 'Full');
  const friends: Member[] = [];
  for (let i = 0; i < 10; i += 1) {
    const friend = await member(`Friend${String.fromCharCode(65 + i)}`, 'Full');
    await acceptedVouch(fay, friend, { skills: `Skill ${i}` });
    friends.push(friend);
  }
  for (const friend of friends.slice(0, 5)) await acceptedVouch(friend, fay, { skills: 'Operations' });
  others.push(...friends);

  for (const who of [nora, oli, fay]) states.set(who, await who.context.storageState());
});

test.afterAll(async () => {
  await Promise.all([nora, oli, fay, ...others].filter(Boolean).map((m) => m.context.dispose()));
});

async function pageOf(browser: Browser, who: Member, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ storageState: states.get(who), viewport });
  return context.newPage();
}

test('without vouches: welcome banner, locked reputation and map, greyed profile summary', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, nora);
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText('Welcome to Vouch, Nora Newbie'); // registered today: welcomed, not welcomed back
  await expect(dashboard).toHaveAttribute('data-state', 'no-vouches');
  await expect(page).toHaveTitle('Dashboard · Vouch');

  const banner = page.getByTestId('welcome-banner');
  await expect(banner).toContainText('Welcome to Vouch! Start with your first Vouch');
  await expect(page.getByTestId('reputation-locked')).toContainText('Reputation Dashboard');
  await expect(page.getByTestId('reputation-locked')).toContainText('after your first Vouch');
  await expect(page.getByTestId('network-map-locked')).toContainText('Network Map');
  await expect(page.getByTestId('profile-summary-locked-note')).toHaveText('Your profile summary unlocks with your first Vouch.');
  await expect(page.getByTestId('reputation-panel')).toHaveCount(0);

  // The top bar: create a Vouch, and Request Intro locked until the first vouch.
  const actions = page.getByTestId('dashboard-actions');
  await expect(actions.getByRole('button', { name: 'Vouch for Someone' })).toBeVisible();
  await expect(actions.getByTestId('request-intro-locked').getByRole('button', { name: 'Request Intro' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('dashboard-no-vouches.png'), fullPage: true });

  await banner.getByRole('button', { name: 'Create Your First Vouch' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a Vouch' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Create a Vouch' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Vouch for Someone' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a Vouch' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Stats opened directly explains itself.
  await page.goto('/stats');
  await expect(page.getByTestId('stats-locked')).toContainText('Stats unlock when your first Vouch is accepted');

  // A new member arriving from an accepted vouch is welcomed.
  await page.goto('/dashboard?newUser=true');
  await expect(page.getByTestId('new-member-note')).toContainText('Your account is ready.');
  await page.getByTestId('new-member-note').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('new-member-note')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('with vouches under 15: reputation panel, onboarding map and the profile summary card', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, oli);
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-state', 'onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Vouch, Oli Onboard');
  await expect(page.getByTestId('welcome-banner')).toHaveCount(0);

  const panel = page.getByTestId('reputation-panel');
  await expect(panel.getByTestId('reputation-level')).toHaveText(/^(New|Beginner|Intermediate|Advanced|Expert)$/);
  await expect(panel.getByTestId('reputation-score')).toHaveText(/^\d{1,3}$/);
  await expect(panel.getByTestId('network-size')).toHaveText('3');
  await expect(panel.getByTestId('social-capital')).toHaveText(/^-?\d+$/);
  for (const label of ['Introduction Score', 'Connector Score', 'Vouch Score']) await expect(panel.getByRole('progressbar', { name: label })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View detailed stats' })).toHaveAttribute('href', '/stats');

  const onboarding = page.getByTestId('dashboard-onboarding-map').getByTestId('onboarding-map');
  await expect(onboarding.getByRole('heading', { name: 'Build Your Professional Network' })).toBeVisible();
  await expect(page.getByTestId('dashboard-network-map')).toHaveCount(0);

  const card = page.getByTestId('profile-summary');
  await expect(card.getByTestId('summary-vouch-count')).toHaveText('1');
  await expect(card.getByTestId('summary-recommendation-count')).toHaveText('1');
  await expect(card.getByTestId('summary-invitation-count')).toHaveText('0');
  await expect(card.getByTestId('profile-summary-text')).toContainText('Vouched for by 1');
  await expect(card.getByTestId('summary-skill-tags').getByRole('listitem')).toHaveText(['Product strategy', 'Roadmapping']);
  await expect(card.getByTestId('summary-trait-tags').getByRole('listitem')).toHaveText(['Curious']);
  await expect(card.getByTestId('summary-recent-vouches').getByRole('listitem')).toHaveCount(1);
  await expect(card.getByTestId('summary-recent-vouches')).toContainText('From Ann Alpha');
  await expect(card.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', /^\/profile\/oli-onboard(-\d+)?$/);
  await page.screenshot({ path: testInfo.outputPath('dashboard-onboarding.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('at 15 vouches: the full network map', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, fay);
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-state', 'full-map');
  await expect(page.getByTestId('reputation-panel').getByTestId('network-size')).toHaveText('15');
  const map = page.getByTestId('dashboard-network-map').getByTestId('network-map');
  await expect(map.getByRole('heading', { name: 'Network Map' })).toBeVisible();
  await expect(map.getByRole('link', { name: 'Open full map' })).toHaveAttribute('href', '/network');
  await expect(page.getByTestId('dashboard-onboarding-map')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('dashboard-full-map.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('on a phone the full map, below the fold, is drawn when the member scrolls to it, not while the page loads', async ({ browser }) => {
  const page = await pageOf(browser, fay, { width: 412, height: 823 });
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  const map = page.getByTestId('dashboard-network-map');
  await expect(map.getByTestId('network-map-canvas')).toBeAttached();
  await page.waitForLoadState('networkidle');
  // Its frame, counts and list are there; the WebGL drawing is not.
  await expect(map.getByTestId('network-canvas')).toHaveCount(0);
  await map.getByTestId('network-map-canvas').scrollIntoViewIfNeeded();
  await expect(map.getByTestId('network-canvas').locator('canvas').first()).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('Stats: scores, reputation percentage, network size, pending and sent cards, profile card, activity', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, oli);
  const problems = watchConsole(page);
  await page.goto('/stats');
  await expect(page).toHaveTitle('Stats · Vouch');
  const capital = page.getByTestId('stats-social-capital');
  await expect(capital.getByTestId('stats-social-capital-balance')).toHaveText(/^-?\d+$/);
  for (const label of ['Introduction Score', 'Connector Score', 'Vouch Score']) await expect(capital.getByRole('progressbar', { name: label })).toBeVisible();
  await expect(page.getByTestId('stats-reputation-percent')).toHaveText(/^\d{1,3}$/);
  await expect(page.getByTestId('stats-reputation')).toContainText('/ 100');
  await expect(page.getByTestId('stats-network-size')).toHaveText('3');

  // All four pending vouches are listed, with a link to the full list (more than 3).
  const pending = page.getByTestId('stats-pending-vouches');
  await expect(pending.getByRole('listitem')).toHaveCount(4);
  await expect(pending.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/pending-vouches');
  // The two sent, at most three, with the link to My Vouches.
  const sent = page.getByTestId('stats-sent-vouches');
  await expect(sent.getByRole('listitem')).toHaveCount(2);
  await expect(sent).toContainText('To Ann Alpha');
  await expect(sent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/my-vouches');

  await expect(page.getByTestId('profile-summary').getByTestId('summary-vouch-count')).toHaveText('1');
  const activity = page.getByTestId('stats-activity');
  await expect(activity.getByTestId('stats-introduction-requests')).toHaveText('0');
  await expect(activity.getByTestId('stats-connections')).toHaveText(/^\d+$/);
  await expect(activity.getByTestId('stats-profile-views')).toHaveText(/^\d+$/);
  // Registered today: the first day counts.
  await expect(activity.getByTestId('stats-days-active')).toHaveText('1');
  await page.screenshot({ path: testInfo.outputPath('stats.png'), fullPage: true });

  // A phone screen: no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('stats-activity')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('stats-mobile.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('the dashboard says so when the profile summary cannot be loaded', async ({ browser }) => {
  const page = await pageOf(browser, oli, { width: 390, height: 844 });
  await page.route('**/api/profile/my-summary', (route) => route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ status: 500, title: 'Error', detail: 'Boom' }) }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('profile-load-error')).toHaveText('Error loading profile. Please refresh.');
  await expect(page.getByTestId('reputation-panel')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
