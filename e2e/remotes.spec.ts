import { expect, test } from '@playwright/test';
import type { ConsoleMessage } from '@playwright/test';
import { signInByApi } from './support/auth';
import { watchConsole } from './support/console';
import { acceptedVouch, member } from './support/members';
import { LEFT_OUT_MODULE, urls } from './support/urls';

/** These tests open made-up links on purpose: the pages and their public lookups answer 404, which Chromium logs. */
const expectedAnswers = (message: ConsoleMessage) =>
  (/\/(api\/(vouches|profile)\/public|vouch|profile)\/some-/.test(message.location().url) && message.text().includes('404'));

const LOGIN_ONLY = ['/dashboard', '/my-vouches', '/pending-vouches', '/introduction-requests', '/network', '/stats', '/subscription'];

test('every login-only route shows the sign-in screen from mf_auth while signed out', async ({ page }) => {
  for (const path of LOGIN_ONLY) {
    await page.goto(path);
    const screen = page.getByTestId('sign-in-screen');
    await expect(screen, path).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
    await expect(page, 'the URL stays, so signing in lands where the member meant to go').toHaveURL(new RegExp(`${path}$`));
  }
});

test('public remote routes render their remote pages without console errors', async ({ page }) => {
  const problems = watchConsole(page, expectedAnswers);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign in to Vouch' })).toBeVisible();
  await page.goto('/vouch/some-token');
  await expect(page.getByRole('heading', { name: 'Vouch Not Found' })).toBeVisible();
  await page.goto('/profile/some-member');
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('with one remote blocked, the shell and other remotes work and Retry recovers the blocked slot', async ({ page }) => {
  let blocked = true;
  await page.route('**/mf/vouches/**', (route) => (blocked ? route.abort('connectionrefused') : route.fallback()));

  await page.goto('/vouch/some-token');
  const panel = page.getByTestId('remote-unavailable');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-remote', 'mf_vouches');
  await expect(panel).toContainText('This part is unavailable');

  // The shell is alive: client-side navigation to the landing page and to another remote.
  await page.getByRole('link', { name: 'Vouch home' }).click();
  await expect(page.getByTestId('landing-stats')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Vouch' })).toBeVisible();

  // Back on the blocked route, Retry fails again while still blocked…
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/vouch\/some-token$/);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel).toBeVisible();

  // …and really loads the remote once its files are reachable again.
  blocked = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Vouch Not Found' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a header button whose remote is still loading takes no room: no spinner, nothing pushed down', async ({ browser }) => {
  const lena = await member('Lena', 'Slow');
  const finn = await member('Finn', 'Friend');
  await acceptedVouch(finn, lena);
  const context = await browser.newContext({ storageState: await lena.context.storageState() });
  const page = await context.newPage();
  // mf_introductions' files wait until released: the header's and the dashboard's Request Intro are loading meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mf/introductions/**', async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/dashboard');
  const actions = page.getByTestId('dashboard-actions');
  await expect(actions.getByRole('button', { name: 'Vouch for Someone' })).toBeVisible();
  const header = page.locator('header').first();
  await expect(header.getByRole('button', { name: 'Create Vouch' })).toBeVisible();
  // The slots' fallback is null: not the page-sized "Loading…" spinner, which made the row 100 px tall.
  await expect(header.getByRole('status')).toHaveCount(0);
  await expect(actions.getByRole('status')).toHaveCount(0);
  const rowHeight = (await actions.boundingBox())!.height;

  release();
  await expect(actions.getByRole('button', { name: 'Request Intro' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Request Intro' })).toBeVisible();
  expect((await actions.boundingBox())!.height).toBe(rowHeight);
  await context.close();
  await Promise.all([lena, finn].map((who) => who.context.dispose()));
});

test('a remote served from another origin loads through the registry, without rebuilding the shell', async ({ page, request }) => {
  const registry = await (await request.get(`${urls.secondGateway}/mf-registry.json`)).json();
  expect(registry).toContainEqual({ name: 'mf_vouches', entry: `${urls.movedRemote}/mf-manifest.json` });

  // The same shell build the first gateway serves (the pages differ only in the registry and origin they carry).
  const shellScripts = async (base: string) => (await (await request.get(`${base}/`)).text()).match(/<script defer src=[^>]+>/g);
  expect(await shellScripts(urls.gateway)).toHaveLength(1);
  expect(await shellScripts(urls.secondGateway)).toEqual(await shellScripts(urls.gateway));

  const fromMoved: string[] = [];
  const fromBuiltInPath: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(urls.movedRemote) && response.ok()) fromMoved.push(response.url());
    if (response.url().includes('/mf/vouches/')) fromBuiltInPath.push(response.url());
  });
  const problems = watchConsole(page, expectedAnswers);

  await page.goto(`${urls.secondGateway}/vouch/some-token`);
  await expect(page.getByRole('heading', { name: 'Vouch Not Found' })).toBeVisible();
  expect(fromMoved).toContain(`${urls.movedRemote}/mf-manifest.json`);
  expect(fromMoved.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fromBuiltInPath).toEqual([]);
  expect(problems).toEqual([]);
});

test.describe(`when the registry names a version of mf_vouches without ${LEFT_OUT_MODULE}`, () => {
  // The third gateway's registry names that version (docs/deployment.md, "Deploying one remote alone").
  test.use({ baseURL: urls.lackingGateway });

  test('only the slots rendering that module show the unavailable panel; the shell and the rest of the remote work', async ({ page, request }) => {
    const registry = await (await request.get('/mf-registry.json')).json();
    expect(registry).toContainEqual({ name: 'mf_vouches', entry: `${urls.movedRemote}/without-CreateVouchButton/mf-manifest.json` });
    // The missing module is reported to whoever debugs the deployment (React logs what the slot's
    // error boundary caught), and nothing else goes wrong on the page.
    const missingModule = (message: ConsoleMessage) => message.text().startsWith('RemoteUnavailableError: Remote module mf_vouches/CreateVouchButton is unavailable');
    const problems = watchConsole(page, missingModule);

    await signInByApi(page, { firstName: 'Lena', lastName: 'Lacking' });
    await page.goto('/dashboard');
    // The dashboard is a page of that same version: it loads.
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    const createVouch = page.getByRole('banner').locator('[data-slot="create-vouch"]');
    const panel = createVouch.getByTestId('remote-unavailable');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('data-remote', 'mf_vouches');
    await expect(panel).toContainText('This part is unavailable');
    // The other remote's header slot and the shell's own menu still work.
    await expect(page.getByRole('banner').locator('[data-slot="request-intro"]').getByRole('button', { name: 'Request Intro' })).toBeVisible();
    await page.getByTestId('member-menu-trigger').click();
    await expect(page.getByRole('menuitem', { name: 'My Vouches' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Retry asks again and gets the same answer: still contained, still in that slot only.
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();

    // Another remote rendering the same module contains it the same way.
    await page.goto('/introduction-requests');
    await expect(page.getByRole('heading', { name: 'Introduction Requests', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByTestId('remote-unavailable')).toHaveAttribute('data-remote', 'mf_vouches');
    expect(problems).toEqual([]);
  });
});
