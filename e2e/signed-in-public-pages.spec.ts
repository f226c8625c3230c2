/**
 * Issue 28, item 1: every page a signed-in member can reach shows their own header — the landing
 * page, a public profile, a public vouch link — and the page below does not move when the header
 * follows the session.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInPageAs } from './support/data-rights';
import { createRecommendation, member, profileSlug, uniquePhone } from './support/members';

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
/** Where the page's main starts in the document (not the viewport: a sticky header may have scrolled). */
const mainTop = (page: Page) => page.locator('main').first().evaluate((main) => main.getBoundingClientRect().top + window.scrollY);

test('a signed-in member keeps their header on the landing page, a profile and a vouch link', async ({ page }) => {
  const maya = await member('Maya', 'Header');
  const priya = await member('Priya', 'Public');
  const slug = await profileSlug(priya);
  const token = await createRecommendation(priya, { name: 'Sam Pending', phone: uniquePhone() });
  await signInPageAs(page, maya);

  await page.goto('/');
  await expect(accountNav(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Network' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');

  await page.goto(`/profile/${slug}`);
  await expect(page.getByRole('heading', { name: 'Priya Public' })).toBeVisible();
  await expect(accountNav(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByTestId('profile-join')).toHaveCount(0);
  // The way back: the logo leads to the dashboard, the avatar menu to everything else.
  await accountNav(page).getByRole('link', { name: 'Vouch dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/vouch/${token}`);
  await expect(accountNav(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('a visitor sees Sign In on public pages, at the header height a member sees', async ({ browser }) => {
  const priya = await member('Priya', 'Height');
  const slug = await profileSlug(priya);

  const visitor = await browser.newPage();
  await visitor.goto(`/profile/${slug}`);
  await expect(visitor.getByRole('heading', { name: 'Priya Height' })).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(visitor.locator('#first-screen'), 'the app has taken over').toHaveCount(0);
  const visitorTop = await mainTop(visitor);

  const signedIn = await browser.newPage();
  await signInPageAs(signedIn, await member('Maya', 'Height'));
  await signedIn.goto(`/profile/${slug}`);
  await expect(accountNav(signedIn)).toBeVisible();
  await expect(signedIn.locator('#first-screen')).toHaveCount(0);
  const memberTop = await mainTop(signedIn);

  expect(visitorTop).toBeGreaterThan(0);
  expect(memberTop).toBe(visitorTop);
  // The gateway's first screen draws its bar at this height too (61 px with its border), so the
  // takeover moves nothing: first-paint.spec.ts checks the landing page's paints.
  expect(visitorTop).toBe(61);
  await visitor.close();
  await signedIn.close();
});
