// The public pages as a visitor's fresh browser meets them (issue 17): the right HTTP status,
// `noindex` where a page must not be indexed, scripts and API bodies arriving compressed, and
// not one console error, with no allow-list.
import { expect, test, type ConsoleMessage, type Page, type Response } from '@playwright/test';
import { watchConsole } from './support/console';
import { layoutShiftTotal, watchLayoutShifts } from './support/layout';
import { acceptedVouch, createRecommendation, member, profileSlug, uniquePhone } from './support/members';

let profilePath: string;
let vouchPath: string;

test.beforeAll(async () => {
  const ana = await member('Ana', 'Lima');
  const jin = await member('Jin', 'Park');
  await acceptedVouch(ana, jin, { skills: 'TypeScript' });
  profilePath = `/profile/${await profileSlug(jin)}`;
  vouchPath = `/vouch/${await createRecommendation(ana, { name: 'Lee Kim', phone: uniquePhone() })}`;
});

/** Chromium reports a page answered 404 as a failed resource: the status asked for, not a fault of the page. */
const isOwn404 = (page: Page) => (message: ConsoleMessage) => message.location().url === page.url() && /status of 404/.test(message.text());

/** Every response the page gets, to read their headers once it has loaded. */
function collectResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

const PAGES = [
  { name: 'the landing page', path: () => '/', status: 200, indexable: true, heading: /trust/i },
  { name: 'the sign-in page', path: () => '/auth', status: 200, indexable: false, heading: 'Sign in to Vouch' },
  { name: 'a public profile', path: () => profilePath, status: 200, indexable: true, heading: 'Jin Park' },
  { name: 'a vouch link', path: () => vouchPath, status: 200, indexable: false, heading: /Vouched For/i },
  { name: 'an unknown path', path: () => '/no-such-page', status: 404, indexable: false, heading: 'Page Not Found' },
];

for (const expected of PAGES) {
  test(`${expected.name}: status ${expected.status}, ${expected.indexable ? 'indexable' : 'noindex'}, compressed scripts, no console error`, async ({ page }) => {
    const problems = watchConsole(page, expected.status === 404 ? isOwn404(page) : undefined);
    const responses = collectResponses(page);
    const document = await page.goto(expected.path());
    expect(document!.status()).toBe(expected.status);
    expect((await document!.allHeaders())['x-robots-tag']).toBe(expected.indexable ? undefined : 'noindex');
    await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      // Every script the build writes is over 1 KB except a few tiny chunks, which go out as they are.
      if (Number(headers['content-length'] ?? Infinity) > 1024 || headers['content-encoding']) expect(headers['content-encoding'], script.url()).toBe('br');
    }
    expect(problems).toEqual([]);
  });
}

test('a 404 profile and a bogus vouch link answer 404 and still show the app', async ({ page }) => {
  // The app's own reads of the profile and the vouch answer 404 too (SPEC §7), as does the page.
  const problems = watchConsole(page, (message) => isOwn404(page)(message) || (/404/.test(message.text()) && /\/api\/(profile\/public|vouches\/public)\//.test(message.location().url)));
  for (const [path, heading] of [
    ['/profile/nobody-here', 'Profile Not Found'],
    ['/vouch/bogus', /not found|invalid|expired/i],
  ] as const) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    expect((await response!.allHeaders())['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a public profile loads its remote from the HTML: no registry fetch, the preloaded files fetched once', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(profilePath);
  await expect(page.getByRole('heading', { level: 1, name: 'Jin Park' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).not.toContain('/mf-registry.json');
  const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toContain('/mf/vouches/mf-manifest.json');
  expect(preloaded).toContain('/mf/vouches/remoteEntry.js');
  // A preload the page does not match is fetched a second time: once each means each was used.
  for (const file of preloaded) expect(requests.filter((path) => path === file), file).toHaveLength(1);
});

test('a vouch link reads its vouch once: the preloaded API read is the one the page uses', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(vouchPath);
  await expect(page.getByTestId('public-vouch')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const token = vouchPath.split('/').pop();
  // The page asks for expected states as states (?states=true): the preload names the same URL.
  expect(await page.locator(`link[rel="preload"][as="fetch"][href="/api/vouches/public/${token}?states=true"]`).count()).toBe(1);
  expect(requests.filter((path) => path === `/api/vouches/public/${token}`)).toHaveLength(1);
});

test('an API body over 1 KB comes back brotli-compressed to Chromium, a small one as it is', async ({ page }) => {
  await page.goto('/no-such-page');
  const [large, small] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/openapi.json')),
    page.waitForResponse((response) => response.url().endsWith('/api/health')),
    page.evaluate(() => Promise.all([fetch('/api/openapi.json').then((r) => r.json()), fetch('/api/health').then((r) => r.json())])),
  ]);
  expect((await large.allHeaders())['content-encoding']).toBe('br');
  expect((await large.json()).openapi).toMatch(/^3\./);
  expect((await small.allHeaders())['content-encoding']).toBeUndefined();
});

test("the landing page's slide dots are targets of at least 24×24 px", async ({ page }) => {
  await page.goto('/');
  const dots = page.getByRole('button', { name: /^Show slide/ });
  await expect(dots).toHaveCount(4);
  for (const dot of await dots.all()) {
    const box = (await dot.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
});

// The first screen (api-gateway/src/first-screen.ts): each public page's words are in its HTML,
// painted before any script runs; the app then takes over without a layout shift.
const FIRST_SCREENS = [
  { name: 'the landing page', path: () => '/', words: ['Grow your network on trust,', 'not cold connections', 'Get Started Free'], ready: '[data-testid="landing-stats"]' },
  { name: 'the sign-in page', path: () => '/auth', words: ['Sign in to Vouch', 'Enter your phone number'], ready: '[data-testid="sign-in-screen"]' },
  { name: 'a public profile', path: () => profilePath, words: ['Jin Park', '1 Vouch', 'Professional Summary'], ready: '[data-testid="public-profile"]' },
  { name: 'a vouch link', path: () => vouchPath, words: ["You've Been Vouched For!", 'Ana Lima', 'Lee Kim'], ready: '[data-testid="public-vouch"]' },
  { name: 'an unknown path', path: () => '/no-such-page', words: ['404', 'Page Not Found'], ready: '#root h1' },
];

for (const screen of FIRST_SCREENS) {
  test(`${screen.name}: its first screen is in the HTML and paints without JavaScript`, async ({ request, browser }) => {
    const html = await (await request.get(screen.path())).text();
    const firstScreen = html.slice(html.indexOf('<div id="first-screen">'), html.indexOf('<div id=root>'));
    for (const words of screen.words) expect(firstScreen.replace(/&#39;/g, "'")).toContain(words);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(screen.path());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const words of screen.words) await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
    await context.close();
  });

  test(`${screen.name}: the app takes over its first screen with no layout shift and no console error`, async ({ page }) => {
    const problems = watchConsole(page, isOwn404(page));
    await watchLayoutShifts(page);
    await page.goto(screen.path());
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.02);
    expect(problems).toEqual([]);
  });
}

test('after the takeover the landing page is the app: Sign In opens the sign-in screen without loading a new document', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('sign-in-screen')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the landing page's largest paint is its first screen's: the app's copy of the slideshow is not larger", async ({ page }) => {
    await page.addInitScript(() => {
      const largest: string[] = [];
      (window as unknown as { largest: string[] }).largest = largest;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { element: Element | null }[]) largest.push(entry.element?.closest('#first-screen') ? 'first screen' : 'app');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const html = await (await page.request.get('/')).text();
    const firstCaption = /<figcaption><span>([^<]+)<\/span>/.exec(html)![1]!;
    await page.goto('/');
    await expect(page.locator('#first-screen')).toHaveCount(0);
    // The first screen copies the app's first slide: same caption.
    await expect(page.getByTestId('slide-caption')).toHaveText(firstCaption);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { largest: string[] }).largest)).toEqual(expect.arrayContaining(['first screen']));
    expect(await page.evaluate(() => (window as unknown as { largest: string[] }).largest)).not.toContain('app');
  });
});
