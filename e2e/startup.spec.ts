/**
 * A signed-in page load without a serial start-up chain (issue 41), in real Chromium with the
 * browser's own request timings (Resource Timing):
 * - the session comes in the page's HTML: no GET /api/auth/session at all (0 is the design; the
 *   HTML itself is the one session read), neither from the shell nor from the remote;
 * - the screen's first API reads (contracts' FIRST_READS, preloaded by the HTML) start before the
 *   remote's code has finished loading, and each is fetched once: the app's own fetch is the
 *   preloaded one (same URL, same credentials mode).
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { watchConsole } from './support/console';
import { chooseMenuItem, layoutShiftSources, layoutShiftTotal, textAtTakeover, watchFirstScreenTakeover, watchLayoutShifts } from './support/layout';
import { CURRENT_PLAN_TEXT, FIGURES, PAGE_INTROS, vouchBackQuestion } from '@vouch/contracts';
import { acceptedVouch, member, type Member, type StorageState } from './support/members';

// Pages load two remotes at run time; on a busy machine that takes more than 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

let maya: Member;
let friend: Member;
let state: StorageState;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  maya = await member('Maya', 'Startup');
  friend = await member('Finn', 'Friend');
  // One accepted vouch: the dashboard's onboarding state (its summary and the onboarding map).
  await acceptedVouch(friend, maya);
  state = await maya.context.storageState();
});

test.afterAll(async () => {
  await Promise.all([maya, friend].filter(Boolean).map((who) => who.context.dispose()));
});

interface Timing {
  path: string;
  startTime: number;
  responseEnd: number;
}

/** Every resource the page fetched, by path, with its start and its response's end (ms since the page's request). */
async function resourceTimings(page: Page): Promise<Timing[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, startTime: entry.startTime, responseEnd: entry.responseEnd })),
  );
}

/** Paths of every request the page sends (a preload and a fetch it did not match would be two). */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  });
  return paths;
}

test('a signed-in /dashboard: no session request, its first reads start before the remote has loaded, each read once', async ({ browser }) => {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const requests = recordRequests(page);

  const document = await page.goto('/dashboard');
  expect((await document!.allHeaders())['cache-control']).toBe('private, no-store');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Welcome to Vouch, Maya Startup');
  // The reads the page preloaded have been used: the summary card and the onboarding map are drawn.
  await expect(page.getByTestId('dashboard-onboarding-map')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The one session read is the HTML: the shell and the remote ask nothing more.
  expect(requests.filter((path) => path.startsWith('/api/auth/session'))).toEqual([]);

  const preloadedReads = await page.locator('link[rel="preload"][as="fetch"][crossorigin="use-credentials"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(preloadedReads).toEqual(expect.arrayContaining(['/api/profile/my-summary', '/api/onboarding/network-map']));
  // Fetched once each: the app's fetch is the preloaded one.
  for (const read of preloadedReads) expect(requests.filter((path) => path === read), read).toHaveLength(1);

  const timings = await resourceTimings(page);
  const remoteCode = timings.filter((entry) => entry.path.startsWith('/mf/vouches/') && entry.path.endsWith('.js'));
  expect(remoteCode.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/mf/vouches/remoteEntry.js']));
  const remoteLoaded = Math.max(...remoteCode.map((entry) => entry.responseEnd));
  for (const read of ['/api/profile/my-summary', '/api/onboarding/network-map']) {
    const timing = timings.find((entry) => entry.path === read);
    expect(timing, read).toBeDefined();
    expect(timing!.startTime, `${read} starts before the remote's code has loaded`).toBeLessThan(remoteLoaded);
  }
  expect(problems).toEqual([]);
  await context.close();
});

test('a navigation reads the session again, once; a visitor\'s page asks for no session either', async ({ browser }) => {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The avatar menu's Stats: another page, in the same document. (No load state to wait for: the
  // document's 'networkidle' was reached on the dashboard, so it would not wait for this read.)
  const sessionRead = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/session');
  await page.getByTestId('member-menu-trigger').click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Stats' }));
  await expect(page).toHaveURL(/\/stats$/);
  await sessionRead;
  // The page opened by the navigation shows current figures: one session read, made for it, by the time its figures show.
  await expect(page.getByTestId('why-this-score')).toBeVisible();
  expect(requests.filter((path) => path.startsWith('/api/auth/session'))).toHaveLength(1);
  await context.close();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const visitorRequests = recordRequests(anonymous);
  await anonymous.goto('/auth');
  await expect(anonymous.getByTestId('sign-in-screen')).toBeVisible();
  await anonymous.goto('/');
  await expect(anonymous.locator('#first-screen')).toHaveCount(0);
  await anonymous.waitForLoadState('networkidle');
  expect(visitorRequests.filter((path) => path.startsWith('/api/auth/session'))).toEqual([]);
  await visitor.close();
});

// Every screen FIRST_READS lists: what its HTML preloads is what its code reads (else a second fetch).
for (const screen of [
  { path: '/my-vouches', ready: (page: Page) => page.locator('#root').getByRole('heading', { level: 1, name: 'My Vouches' }) },
  // The app's heading: the first screen's is visible before the app has run.
  { path: '/network', ready: (page: Page) => page.locator('#root').getByRole('heading', { level: 1 }) },
  { path: '/subscription', ready: (page: Page) => page.locator('#root').getByRole('heading', { level: 1 }) },
  { path: '/introduction-requests', ready: (page: Page) => page.locator('#root').getByRole('heading', { level: 1, name: 'Introduction Requests' }) },
  { path: '/stats', ready: (page: Page) => page.getByTestId('why-this-score') },
]) {
  test(`a signed-in ${screen.path}: every read its HTML preloads is fetched once, by the page`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const requests = recordRequests(page);
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloadedReads = await page.locator('link[rel="preload"][as="fetch"][crossorigin="use-credentials"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(preloadedReads.length).toBeGreaterThan(0);
    for (const read of preloadedReads) expect(requests.filter((path) => path === read), read).toHaveLength(1);
    expect(requests.filter((path) => path.startsWith('/api/auth/session'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
}

// A signed-in screen's first screen (api-gateway/src/first-screen.ts): the header's bar and the
// page's intro (the dashboard's with its Vouch back question, Stats' with its first row of cards,
// Subscription's with the current plan card), painted from the HTML; the app takes over in place, on a phone and on a desktop.
for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  for (const screen of [
    { path: '/dashboard', heading: 'Welcome to Vouch, Maya Startup', texts: [PAGE_INTROS['/dashboard'].lead, vouchBackQuestion('Finn Friend')] },
    { path: '/my-vouches', heading: PAGE_INTROS['/my-vouches'].heading, texts: [PAGE_INTROS['/my-vouches'].lead] },
    {
      path: '/stats',
      heading: PAGE_INTROS['/stats'].heading,
      texts: [PAGE_INTROS['/stats'].lead, 'Social Capital', FIGURES.socialCapital.counts, 'Vouch Score', FIGURES.reputation.counts, 'Vouches received'],
      // The reputation level's badge: the first screen's colour is the app's.
      badge: { first: '#first-screen .fs-lvl', app: '[data-testid=stats-reputation] .chakra-badge' },
    },
    {
      path: '/subscription',
      heading: PAGE_INTROS['/subscription'].heading,
      texts: [PAGE_INTROS['/subscription'].lead, CURRENT_PLAN_TEXT.freePlan],
      badge: { first: '#first-screen .fs-status', app: '[data-testid=current-plan-status]' },
    },
  ] as { path: string; heading: string; texts: string[]; badge?: { first: string; app: string } }[]) {
    test(`a signed-in ${screen.path} at ${viewport.width} px paints its intro without JavaScript; the app takes over in place`, async ({ browser }) => {
      // Below the header's top: without JavaScript the page also shows its <noscript> line above the first screen.
      const boxes = async (page: Page) => {
        const top = (await page.locator('header').first().boundingBox())!.y;
        return Promise.all(
          screen.texts.map(async (text) => {
            const box = (await page.getByText(text, { exact: true }).boundingBox())!;
            return { x: box.x, y: box.y - top };
          }),
        );
      };
      const still = await browser.newContext({ storageState: state, viewport, javaScriptEnabled: false });
      const plain = await still.newPage();
      await plain.goto(screen.path);
      await expect(plain.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(plain.getByRole('link', { name: 'Vouch dashboard' })).toBeVisible();
      const before = await boxes(plain);
      const badgeColour = (page: Page, selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
      const badgeBefore = screen.badge ? await badgeColour(plain, screen.badge.first) : null;
      await still.close();

      const context = await browser.newContext({ storageState: state, viewport });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await watchLayoutShifts(page);
      await watchFirstScreenTakeover(page);
      await page.goto(screen.path);
      await expect(page.locator('#first-screen')).toHaveCount(0);
      // Nothing the first screen drew blinks: the app has each text in the frame that removes it.
      const takeover = await textAtTakeover(page);
      for (const text of screen.texts) expect(takeover, text).toContain(text);
      await expect(page.locator('#root').getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      for (const text of screen.texts) await expect(page.getByText(text, { exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Where the first screen drew each text, the app draws it (within a pixel: fonts round).
      for (const [i, after] of (await boxes(page)).entries()) {
        expect(Math.abs(after.y - before[i]!.y), screen.texts[i]).toBeLessThanOrEqual(1);
        expect(Math.abs(after.x - before[i]!.x), screen.texts[i]).toBeLessThanOrEqual(1);
      }
      if (screen.badge) expect(await badgeColour(page, screen.badge.app)).toBe(badgeBefore);
      expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThanOrEqual(0.02);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

test('a Vouch back read that does not answer keeps the first screen only a moment: the dashboard is then the app\'s', async ({ browser }) => {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  // The read the first screen's question waits for (preloaded by the HTML) never answers.
  await page.route('**/api/vouches/vouch-back', () => undefined);
  await page.goto('/dashboard');
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.locator('#root').getByRole('heading', { level: 1, name: 'Welcome to Vouch, Maya Startup' })).toBeVisible();
  await page.getByTestId('dashboard-actions').getByRole('button', { name: 'Vouch for Someone' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await context.close();
});

// A page's code loads when the member is about to open it (shell/src/lib/page-code.ts): pointing
// at a link to it or reaching its item in the avatar menu, before any click.
test("pointing at a link or reaching a menu item loads that page's remote before the click", async ({ browser }) => {
  const remoteFiles = (paths: string[], remote: string) => paths.filter((path) => path.startsWith(`/mf/${remote}/`));

  // A visitor on the landing page (no remote loaded): pointing at Get Started Free loads the sign-in screen's remote.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  const landingRequests = recordRequests(landing);
  await landing.goto('/');
  await expect(landing.locator('#first-screen')).toHaveCount(0);
  await landing.waitForLoadState('networkidle');
  expect(remoteFiles(landingRequests, 'auth')).toEqual([]);
  await landing.locator('#root').getByRole('link', { name: 'Get Started Free' }).hover();
  await expect.poll(() => remoteFiles(landingRequests, 'auth')).toContain('/mf/auth/remoteEntry.js');
  await landing.locator('#root').getByRole('link', { name: 'Get Started Free' }).click();
  await expect(landing.getByRole('heading', { name: 'Sign in to Vouch' })).toBeVisible();
  await visitor.close();

  // Maya on My Vouches: reaching Subscription in the avatar menu (arrow keys) loads mf_subscription before she chooses it.
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const requests = recordRequests(page);
  await page.goto('/my-vouches');
  await expect(page.locator('#root').getByRole('heading', { level: 1, name: 'My Vouches' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remoteFiles(requests, 'subscription')).toEqual([]);
  await page.getByTestId('member-menu-trigger').click();
  const item = page.getByRole('menuitem', { name: 'Subscription' });
  await expect(item).toBeVisible();
  await item.hover();
  await expect.poll(() => remoteFiles(requests, 'subscription')).toContain('/mf/subscription/remoteEntry.js');
  await chooseMenuItem(item);
  await expect(page.locator('#root').getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  // Loaded once: the page's own load met the remote the menu had loaded.
  expect(remoteFiles(requests, 'subscription').filter((path) => path === '/mf/subscription/remoteEntry.js')).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});
