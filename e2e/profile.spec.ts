/**
 * Public profiles in the browser (SPEC "Public profile page", "Profile summary card"), against
 * the real gateway: Pia has five accepted vouches (Vic is connected to one of her vouchers) and a
 * custom bio; Quinn makes her profile private. The raw HTML of /profile/:slug carries the title
 * and preview tags before any JavaScript runs; the rendered page, the signed-in visitor's
 * "Vouched by … of whom you know", the not-found page of a private profile and the share dialog's QR code.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { acceptedVouch, member, profileSlug, type Member, type StorageState } from './support/members';
import { watchConsole } from './support/console';
import { expectToast } from './support/toasts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const BIO = 'I build payment systems and mentor new engineers.';
let pia: Member;
let vic: Member;
let quinn: Member;
let piaSlug: string;
let quinnSlug: string;
const vouchers: Member[] = [];
const states = new Map<Member, StorageState>();

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pia = await member('Pia', 'Public');
  const skills = ['TypeScript, Payments', 'Payments, Mentoring', 'TypeScript', 'Go', 'Payments'];
  for (const [i, first] of ['Una', 'Val', 'Wes', 'Xia', 'Yul'].entries()) {
    const voucher = await member(first, 'Voucher');
    await acceptedVouch(voucher, pia, { skills: skills[i], characterTraits: i % 2 ? 'Patient' : 'Honest', reason: `${first} worked with Pia on project ${i + 1}.`, accomplishments: i === 4 ? 'Led the 2024 checkout rewrite' : null });
    vouchers.push(voucher);
  }
  const bio = await pia.context.patch('/api/profile', { data: { customBio: BIO } });
  expect(bio.status(), await bio.text()).toBe(200);
  piaSlug = await profileSlug(pia);

  vic = await member('Vic', 'Visitor');
  await acceptedVouch(vic, vouchers[0]!);

  quinn = await member('Quinn', 'Quiet');
  await acceptedVouch(vouchers[1]!, quinn);
  quinnSlug = await profileSlug(quinn);

  for (const who of [pia, vic, quinn]) states.set(who, await who.context.storageState());
});

test.afterAll(async () => {
  await Promise.all([pia, vic, quinn, ...vouchers].filter(Boolean).map((m) => m.context.dispose()));
});

async function pageOf(browser: Browser, who: Member | null, options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    storageState: who ? states.get(who) : undefined,
    viewport: { width: 1280, height: 900 },
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  return context.newPage();
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string): string | undefined =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

test("a public profile's HTML carries its title and preview tags, before any JavaScript", async ({ request }) => {
  const response = await request.get(`/profile/${piaSlug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Pia Public | Vouch</title>');
  expect(metaContent(html, 'property', 'og:title')).toBe('Pia Public | Vouch');
  expect(metaContent(html, 'property', 'og:type')).toBe('profile');
  expect(metaContent(html, 'property', 'og:url')).toMatch(new RegExp(`/profile/${piaSlug}$`));
  expect(metaContent(html, 'property', 'og:description')).toMatch(/^Vouched for by 5 people for /);
  expect(metaContent(html, 'name', 'description')).toBe(metaContent(html, 'property', 'og:description'));
  expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
  expect(metaContent(html, 'property', 'og:image')).toMatch(/^http:\/\/localhost:\d+\/og-image\.png$/);
  expect(metaContent(html, 'name', 'twitter:title')).toBe('Pia Public | Vouch');
});

test('a visitor sees the public profile: summary, bio, tags, three vouches and + 2 more, Share Profile, a call to join', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, null, { clipboard: true });
  // Desktop Chromium on Linux has no share sheet; make sure, so Share Profile copies the link.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  const problems = watchConsole(page);
  await page.goto(`/profile/${piaSlug}`);
  const profile = page.getByTestId('public-profile');
  await expect(profile.getByRole('heading', { level: 1 })).toHaveText('Pia Public');
  await expect(page).toHaveTitle('Pia Public | Vouch');
  await expect(profile.getByTestId('profile-vouch-count')).toHaveText('5 Vouches');
  await expect(profile.getByTestId('profile-member-since')).toHaveText(`Member since ${new Date().getFullYear()}`);
  await expect(profile.getByRole('heading', { name: 'Professional Summary' })).toBeVisible();
  await expect(profile.getByTestId('public-profile-summary')).toContainText('Vouched for by 5 people');
  await expect(profile.getByTestId('public-profile-bio')).toHaveText(BIO);
  await expect(profile.getByTestId('public-skill-tags').getByRole('listitem')).toHaveText(['Payments', 'TypeScript', 'Mentoring', 'Go']);
  await expect(profile.getByTestId('public-trait-tags').getByRole('listitem')).toHaveText(['Honest', 'Patient']);

  const vouches = profile.getByTestId('public-profile-vouches').getByRole('listitem');
  await expect(vouches).toHaveCount(3);
  await expect(vouches.first()).toContainText('Yul worked with Pia on project 5.');
  await expect(vouches.first()).toContainText('Led the 2024 checkout rewrite');
  await expect(vouches.first()).toContainText(/Accepted \w{3} \d{1,2}, \d{4}/);
  await expect(profile.getByTestId('public-profile-more')).toHaveText('+ 2 more vouches');
  await expect(profile.getByTestId('profile-vouched-by')).toHaveCount(0);
  await expect(profile.getByTestId('profile-join').getByRole('link', { name: 'Join Vouch' })).toHaveAttribute('href', '/auth');
  await page.screenshot({ path: testInfo.outputPath('public-profile.png'), fullPage: true });

  await profile.getByRole('button', { name: 'Share Profile' }).click();
  await expectToast(page, 'Copied!', 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/profile/${piaSlug}`);
  expect(problems).toEqual([]);
});

test('a signed-in member sees who vouched and which of them they know', async ({ browser }) => {
  const page = await pageOf(browser, vic);
  await page.goto(`/profile/${piaSlug}`);
  await expect(page.getByTestId('profile-vouched-by')).toContainText('Vouched by 5 people, 1 of whom you know');
  await expect(page.getByTestId('profile-known-vouchers').getByRole('link')).toHaveText(['Una Voucher']);
  await expect(page.getByTestId('profile-join')).toHaveCount(0);
});

test('the share dialog shows a QR code of the profile link and copies it', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, pia, { clipboard: true });
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  const card = page.getByTestId('profile-summary');
  await expect(card.getByTestId('profile-visibility')).toHaveText('Public');
  await card.getByRole('button', { name: 'Share Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Profile' });
  const qr = dialog.getByTestId('profile-qr').locator('svg');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '256');
  await expect(qr).toHaveAttribute('height', '256');
  const url = `${new URL(page.url()).origin}/profile/${piaSlug}`;
  await expect(dialog.getByLabel('Profile link')).toHaveValue(url);
  await page.screenshot({ path: testInfo.outputPath('share-dialog.png') });
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Copied!', 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);

  // The owner previews the page as visitors see it.
  await card.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${piaSlug}$`));
  await expect(page.getByTestId('profile-owner-note')).toHaveText('This is your public profile, as visitors see it.');
  expect(problems).toEqual([]);
});

test('a member makes their profile private: visitors get Profile Not Found, and no preview tags', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, quinn);
  await page.goto('/dashboard');
  const card = page.getByTestId('profile-summary');
  await card.getByRole('button', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(dialog.getByLabel('Public profile')).toBeChecked();
  await dialog.getByLabel('Public profile').uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile Updated', 'Your profile is now private.');
  await expect(card.getByTestId('profile-visibility')).toHaveText('Private');
  await expect(card.getByRole('button', { name: 'Share Profile' }), 'no share or QR while private').toHaveCount(0);

  const visitor = await pageOf(browser, null);
  await visitor.goto(`/profile/${quinnSlug}`);
  const notFound = visitor.getByTestId('profile-not-found');
  await expect(notFound.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  await expect(notFound).toContainText('This profile may not exist or is not public.');
  await expect(visitor).toHaveTitle('Profile Not Found | Vouch');
  await visitor.screenshot({ path: testInfo.outputPath('profile-not-found.png'), fullPage: true });
  const html = await (await visitor.request.get(`/profile/${quinnSlug}`)).text();
  expect(html).not.toContain('og:title');
  expect(html).not.toContain('Quinn');
});
