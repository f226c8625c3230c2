/**
 * /subscription in the browser (SPEC "Subscription", §8 toasts, §9 plans) against the real
 * gateway with local billing: usage bars, upgrades that apply at once, cancel back to the free
 * plan. The Stripe path is driven with mocked answers (js.stripe.com is not reachable here).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './support/auth';
import { watchConsole } from './support/console';

/**
 * Waits for the toast, checks its text, and closes it (one toast shows at a time, SPEC), unless
 * a modal dialog is open: its focus trap keeps the keyboard away from the toast.
 */
async function expectToast(page: Page, title: string, description: string | RegExp, { dismiss = true } = {}) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  if (!dismiss) return;
  // Closed from the keyboard: the next toast waits until this one leaves.
  await toast.getByRole('button', { name: 'Dismiss notification' }).press('Enter');
  await expect(toast).toHaveCount(0);
}

// Long stories on a shared two-core machine: more room than the suite's 30 s default.
test.describe.configure({ timeout: 90_000 });

const usageValue = (page: Page, kind: 'vouches' | 'invites' | 'introductions') => page.getByTestId(`usage-${kind}-value`);

test('signed out, /subscription shows the sign-in screen', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByTestId('sign-in-screen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  await expect(page.getByTestId('subscription-page')).toHaveCount(0);
});

test('a member sees Network Builder and empty usage, upgrades with local billing, then cancels back', async ({ page }) => {
  const problems = watchConsole(page);
  await signInByApi(page);
  await page.goto('/subscription');

  // Current plan, status and this month's usage.
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Builder');
  await expect(page.getByTestId('current-plan-status')).toHaveText('active');
  await expect(usageValue(page, 'vouches')).toHaveText('0 / 15');
  await expect(usageValue(page, 'invites')).toHaveText('0 / 15');
  await expect(usageValue(page, 'introductions')).toHaveText('0 / 10');
  await expect(page.getByRole('progressbar', { name: 'Vouches' })).toHaveAttribute('aria-valuetext', '0 of 15 used');
  await expect(page.getByTestId('usage-reset')).toHaveText(/^Resets on [A-Z][a-z]+ 1, \d{4}$/);

  // Three plan cards with their prices; the free one is marked current; no billing buttons on free.
  await expect(page.getByTestId('plan-card-free')).toContainText('$0');
  await expect(page.getByTestId('plan-card-free')).toContainText('Current Plan');
  await expect(page.getByTestId('plan-card-premium')).toContainText('Network Pro');
  await expect(page.getByTestId('plan-card-premium')).toContainText('$29');
  await expect(page.getByTestId('plan-card-premium')).toContainText('100 vouches a month');
  await expect(page.getByTestId('plan-card-enterprise')).toContainText('Network Catalyst');
  await expect(page.getByTestId('plan-card-enterprise')).toContainText('$99');
  await expect(page.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

  // Upgrade: local billing applies the plan at once, and the limits follow.
  await page.getByRole('button', { name: 'Upgrade to Network Pro' }).click();
  await expectToast(page, 'Subscription Created', 'Network Pro is active now');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Pro');
  await expect(usageValue(page, 'vouches')).toHaveText('0 / 100');
  await expect(usageValue(page, 'introductions')).toHaveText('0 / 50');
  await expect(page.getByTestId('plan-card-premium')).toHaveAttribute('data-current', 'true');
  await expect(page.getByRole('button', { name: 'Manage Billing' })).toBeDisabled();
  await expect(page.getByText('no billing portal')).toBeVisible();

  // Catalyst: unlimited.
  await page.getByRole('button', { name: 'Upgrade to Network Catalyst' }).click();
  await expectToast(page, 'Subscription Created', 'Network Catalyst is active now');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Catalyst');
  await expect(usageValue(page, 'vouches')).toHaveText('0 / Unlimited');
  await expect(page.getByRole('button', { name: 'Switch to Network Pro' })).toBeVisible();

  // Cancel asks first; keeping the plan changes nothing.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText('You move to Network Builder right away.');
  await dialog.getByRole('button', { name: 'Keep Network Catalyst' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Catalyst');

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled', 'You are now on Network Builder.');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Builder');
  await expect(usageValue(page, 'vouches')).toHaveText('0 / 15');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

  expect(problems).toEqual([]);
});

test('a vouch given this month shows on the vouches bar', async ({ page }) => {
  await signInByApi(page);
  const created = await page.request.post('/api/vouches', {
    data: { type: 'recommendation', recipientName: 'Alex Kim', recipientPhone: uniquePhone().e164, reason: 'Shipped our billing on time.', skills: 'TypeScript', characterTraits: null, accomplishments: null },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto('/subscription');
  await expect(usageValue(page, 'vouches')).toHaveText('1 / 15');
  await expect(page.getByRole('progressbar', { name: 'Vouches' })).toHaveAttribute('aria-valuenow', '1');
});

test('failed upgrade and cancel show the destructive toasts of SPEC §8', async ({ page }) => {
  await signInByApi(page);
  const problem = (status: number, detail: string) => ({
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({ type: 'about:blank', title: 'Bad Gateway', status, detail }),
  });
  await page.route('**/api/subscriptions/create', (route) => route.fulfill(problem(502, 'Stripe could not be reached; nothing was changed.')));
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Network Pro' }).click();
  await expectToast(page, 'Subscription Error', 'Failed to create subscription. Stripe could not be reached; nothing was changed.');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Builder');

  // Really upgrade, then make the cancel fail.
  await page.unroute('**/api/subscriptions/create');
  await page.getByRole('button', { name: 'Upgrade to Network Pro' }).click();
  await expectToast(page, 'Subscription Created', 'active now');
  await page.route('**/api/subscriptions/cancel', (route) => route.fulfill(problem(502, 'Try again in a moment.')));
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Cancellation Error', 'Failed to cancel subscription. Try again in a moment.', { dismiss: false });
  // The dialog stays open so the member can try again or keep the plan.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Network Pro');
});

test.describe('with Stripe billing (mocked answers)', () => {
  async function useStripeBilling(page: Page) {
    await page.route('**/api/subscriptions/plans', async (route) => {
      const real = (await (await route.fetch()).json()) as { plans: unknown[] };
      await route.fulfill({ json: { billing: { provider: 'stripe', publishableKey: 'pk_test_vouch' }, plans: real.plans } });
    });
    // Stripe.js is not reachable from here (and this gateway's CSP has no js.stripe.com).
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  }

  test('upgrading opens the payment dialog and says clearly when Stripe.js cannot load', async ({ page }) => {
    await signInByApi(page);
    await useStripeBilling(page);
    let created: unknown;
    await page.route('**/api/subscriptions/create', (route) => {
      created = route.request().postDataJSON();
      return route.fulfill({ json: { clientSecret: 'pi_123_secret_456', status: 'incomplete' } });
    });
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Upgrade to Network Pro' }).click();
    await expectToast(page, 'Subscription Created', 'Complete payment to activate Network Pro.', { dismiss: false });
    expect(created).toEqual({ plan: 'premium' });

    const dialog = page.getByRole('dialog', { name: 'Subscribe to Network Pro' });
    await expect(dialog).toContainText('Vouch never sees them');
    await expect(dialog.getByTestId('stripe-load-failed')).toContainText('could not be loaded from Stripe (js.stripe.com)');
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(dialog.getByTestId('stripe-load-failed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Not Now' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('back from a bank redirect, the page says how the payment went and drops Stripe’s query', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/subscription?redirect_status=succeeded&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456');
    await expectToast(page, 'Payment Complete', 'as soon as Stripe confirms the payment');
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('Manage Billing goes to the portal URL, and a portal failure shows Portal Error', async ({ page }) => {
    await signInByApi(page);
    await useStripeBilling(page);
    await page.route('**/api/subscriptions/status', (route) => route.fulfill({ json: { plan: { name: 'premium', displayName: 'Network Pro' }, status: 'active' } }));
    let portalFails = true;
    await page.route('**/api/subscriptions/portal', (route) =>
      portalFails
        ? route.fulfill({ status: 400, contentType: 'application/problem+json', body: JSON.stringify({ status: 400, title: 'Bad Request', detail: 'No billing account yet.' }) })
        : route.fulfill({ json: { url: '/?from=billing-portal' } }),
    );
    await page.goto('/subscription');
    const manage = page.getByRole('button', { name: 'Manage Billing' });
    await expect(manage).toBeEnabled();
    await manage.click();
    await expectToast(page, 'Portal Error', 'Failed to access billing portal. No billing account yet.');

    portalFails = false;
    await manage.click();
    await expect(page).toHaveURL(/\/\?from=billing-portal$/);
  });
});
