import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';

test.describe('landing page', () => {
  test('renders the nav, headline, real stats from the API, slideshow and feature cards', async ({ page }) => {
    await page.route('**/api/network/stats', (route) => route.fulfill({ json: { totalUsers: 1234, totalVouches: 5678 } }));
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Join Network' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expect(page.getByTestId('stat-members')).toHaveText('1,234');
    await expect(page.getByTestId('stat-vouches')).toHaveText('5,678');
    // Only real figures (issue 28): no made-up trust score, no waitlist that cannot take anyone.
    await expect(page.getByText('Trust Score')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await expect(page.getByTestId('feature-card')).toHaveCount(3);
    for (const title of ['Vouching System', 'AI Matching', 'Social Capital']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText(/waitlist/i)).toHaveCount(0);

    // Four shipped images, the caption moving on every 2.5 s.
    const caption = page.getByTestId('slide-caption');
    await expect(caption).toHaveText('Vouch for someone trustworthy');
    await expect(caption).toHaveText('Search your network for quality over quantity', { timeout: 4_000 });
    const images = page.locator('figure img');
    await expect(images).toHaveCount(4);
    for (const src of await images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute('src')))) {
      expect(src).toMatch(/^http:\/\/localhost:\d+\/assets\/[\w-]+\.[0-9a-f]{8}\.svg$/);
    }
  });

  test('shows no figures when the stats call gives nothing, rather than made-up ones', async ({ page }) => {
    await page.route('**/api/network/stats', (route) => route.fulfill({ status: 503, json: { detail: 'down' } }));
    await page.goto('/');
    await expect(page.getByTestId('landing-stats')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('landing-stats')).toBeHidden();
    await expect(page.getByText('55', { exact: true })).toHaveCount(0);
    await expect(page.getByText('120', { exact: true })).toHaveCount(0);
  });

  test('loads without console errors or failed chunks', async ({ page, request }) => {
    // GET /api/network/stats belongs to the network service; until it exists the gateway
    // answers 404 and Chromium logs that as an error. Stub it only in that case, and say so.
    if ((await request.get('/api/network/stats')).status() === 404) {
      test.info().annotations.push({ type: 'stubbed', description: 'GET /api/network/stats is not implemented yet (404)' });
      await page.route('**/api/network/stats', (route) => route.fulfill({ json: { totalUsers: 60, totalVouches: 130 } }));
    }
    const problems = watchConsole(page);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-stats')).toHaveAttribute('aria-busy', 'false');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(failed).toEqual([]);
  });
});

/** What only a page with a remote needs: the registry, a remote's manifest or entry, the federation runtime chunk. */
const FEDERATION_REQUEST = /\/mf-registry\.json$|\/mf-manifest\.json$|\/remoteEntry\.js$|\/federation(-runtime)?(\.[0-9a-f]+)?\.js$/;

type ShareScopes = { __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>> }[] };

test("the landing page's first load fetches no federation runtime; a remote page loads it afterwards, with the shell's singletons", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('landing-stats')).toHaveAttribute('aria-busy', 'false');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => FEDERATION_REQUEST.test(url))).toEqual([]);
  expect(await page.evaluate(() => typeof (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__)).toBe('undefined');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByTestId('sign-in-screen')).toBeVisible();
  expect(requested.filter((url) => FEDERATION_REQUEST.test(url))).toEqual(
    expect.arrayContaining(['/mf/auth/remoteEntry.js', expect.stringMatching(/^\/federation\.[0-9a-f]+\.js$/)]),
  );
  // One instance of each shared singleton: every federation instance (the shell's, mf_auth's)
  // resolves react, react-dom, @vouch/ui and the SDK to the copy the shell provides.
  const providers = await page.evaluate(() => {
    const federation = (globalThis as unknown as { __FEDERATION__: ShareScopes }).__FEDERATION__;
    const rows: string[] = [];
    for (const instance of federation.__INSTANCES__)
      for (const [name, versions] of Object.entries(instance.shareScopeMap.default ?? {}))
        for (const [version, shared] of Object.entries(versions)) rows.push(`${instance.name} ${name}@${version} from ${shared.from}`);
    return rows;
  });
  expect(providers.some((row) => row.startsWith('mf_auth react@'))).toBe(true);
  expect(providers.filter((row) => !row.endsWith(' from shell'))).toEqual([]);
});

test('an unknown route shows Page Not Found', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The gateway knows the app's pages (contracts' PAGES): a 404, with the app still rendering its 404 page.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-stats')).toBeVisible();
});
