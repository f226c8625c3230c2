/**
 * Identity and trust context in the browser (issue 16 items 9 and 10), against the real gateway.
 * Sam's name is what a voucher typed ("sammy x"): Sam fixes it in Profile Settings and adds a
 * headline; the greeting welcomes a new member; the public profile names its vouchers. Ann sees
 * another member's profile signed in — how they are connected (Ann → Ben → Cal), the weakest
 * link, the vouchers she knows — and opens profiles from the activity list and the map.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './support/console';
import { acceptedVouch, member, profileSlug, type Member, type StorageState } from './support/members';
import { chooseMenuItem } from './support/layout';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

let vic: Member;
let sam: Member;
let ann: Member;
let ben: Member;
let cal: Member;
let zed: Member;
const states = new Map<Member, StorageState>();

test.beforeAll(async () => {
  test.setTimeout(300_000);
  vic = await member('Vic', 'Voucher');
  sam = await member('sammy', 'x');
  await acceptedVouch(vic, sam, { skills: 'Product design', reason: 'Sam redesigned our onboarding.' });
  ann = await member('Ann', 'Alpha');
  ben = await member('Ben', 'Bravo');
  cal = await member('Cal', 'Charlie');
  zed = await member('Zed', 'Zero');
  await acceptedVouch(ann, ben, { skills: 'Hiring' });
  await acceptedVouch(ben, cal, { skills: 'Rust', reason: 'Cal rewrote our storage engine.' });
  await acceptedVouch(vic, zed);
  for (const who of [sam, ann, ben]) states.set(who, await who.context.storageState());
});

test.afterAll(async () => {
  await Promise.all([vic, sam, ann, ben, cal, zed].filter(Boolean).map((m) => m.context.dispose()));
});

async function pageOf(browser: Browser, who: Member, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ storageState: states.get(who), viewport });
  return context.newPage();
}

test('a member fixes the name a voucher typed, adds a headline, and the public profile shows both', async ({ browser }, testInfo) => {
  const page = await pageOf(browser, sam);
  // The refused saves below are 400s by design, which Chromium logs as failed resources.
  const problems = watchConsole(page, (message) => message.location().url.endsWith('/api/profile') && message.text().includes('400'));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Welcome to Vouch, sammy x');

  await page.getByTestId('profile-summary').getByRole('button', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(dialog.getByLabel('First name')).toHaveValue('sammy');
  await expect(dialog.getByLabel('Last name')).toHaveValue('x');

  // A refused name says why under the field, once (no toast), and nothing is saved.
  await dialog.getByLabel('First name').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('First name is required.')).toBeVisible();
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);
  await dialog.getByLabel('Last name').fill('1234');
  await dialog.getByLabel('First name').fill('Sam');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Last name must contain letters, and no line breaks, angle brackets or invisible formatting characters.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-settings-error.png') });

  await dialog.getByLabel('Last name').fill('Lee');
  await dialog.getByRole('textbox', { name: 'Headline' }).fill('Product designer at Acme');
  await dialog.getByLabel('Custom bio').fill('I design calm software.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Profile Updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The new name is everywhere at once: the greeting and the avatar menu.
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Welcome to Vouch, Sam Lee');
  await expect(page.getByTestId('member-menu-trigger')).toHaveAccessibleName('Account menu, Sam Lee');

  await page.goto(`/profile/${await profileSlug(sam)}`);
  await expect(page.getByTestId('profile-name')).toHaveText('Sam Lee');
  await expect(page.getByTestId('profile-headline')).toHaveText('Product designer at Acme');
  await expect(page.getByTestId('public-profile-bio')).toHaveText('I design calm software.');
  await expect(page.getByTestId('public-profile-voucher')).toHaveText(['Vouched by Vic Voucher']);
  await page.screenshot({ path: testInfo.outputPath('profile-with-headline.png'), fullPage: true });

  // Saved settings come back when the dialog opens again.
  await page.goto('/dashboard');
  await page.getByTestId('profile-summary').getByRole('button', { name: 'Profile settings' }).click();
  await expect(dialog.getByLabel('First name')).toHaveValue('Sam');
  await expect(dialog.getByLabel('Last name')).toHaveValue('Lee');
  await expect(dialog.getByRole('textbox', { name: 'Headline' })).toHaveValue('Product designer at Acme');
  expect(problems).toEqual([]);
});

test("signed in, a member's profile shows how you're connected, the weakest link and the vouchers you know", async ({ browser }, testInfo) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const page = await pageOf(browser, ann, viewport);
    const problems = watchConsole(page);
    await page.goto(`/profile/${await profileSlug(cal)}`);
    const connection = page.getByTestId('profile-connection');
    await expect(connection.getByRole('heading', { name: "How you're connected" })).toBeVisible();
    await expect(connection.getByTestId('profile-connection-degree')).toHaveText('2nd-degree connection');
    await expect(connection.getByTestId('profile-connection-path').getByRole('listitem')).toHaveText([/You$/, /Ben Bravo$/, /Cal Charlie$/]);
    await expect(connection.getByTestId('profile-connection-weakest')).toHaveText(/^Weakest link: (You – Ben Bravo|Ben Bravo – Cal Charlie) \(trust \d+ of 100\)$/);
    await expect(page.getByTestId('profile-vouched-by')).toContainText('Vouched by 1 person, whom you know');
    await expect(page.getByTestId('public-profile-voucher')).toHaveText(['Vouched by Ben Bravo']);
    await page.screenshot({ path: testInfo.outputPath(`signed-in-profile-${viewport.width}.png`), fullPage: true });

    // The link in the middle of the path opens Ben's profile (through /members/{id}).
    await connection.getByRole('link', { name: 'Ben Bravo' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${await profileSlug(ben)}$`));
    await expect(page.getByTestId('profile-name')).toHaveText('Ben Bravo');
    await expect(page.getByTestId('profile-connection-degree')).toHaveText('Direct connection');
    expect(problems).toEqual([]);
    await page.context().close();
  }
});

test('with no path within 3 degrees the profile says so, as a state: no failed request in the console', async ({ browser }) => {
  const page = await pageOf(browser, ann);
  const problems = watchConsole(page);
  await page.goto(`/profile/${await profileSlug(zed)}`);
  await expect(page.getByTestId('profile-connection-none')).toHaveText('You and Zed Zero are not connected within 3 degrees.');
  await expect(page.getByTestId('profile-vouched-by')).toContainText('Vouched by 1 person, whom you do not know yet');
  expect(problems).toEqual([]);
});

test('an activity opens its vouch, and profiles open from the map', async ({ browser }) => {
  const page = await pageOf(browser, ann);
  await page.goto('/dashboard');
  await page.getByTestId('activity-bell').click();
  // Issue 40: the bell opens the object it is about (the vouch, on My Vouches → Sent), not only the person.
  await chooseMenuItem(page.getByRole('menuitem', { name: /Ben Bravo accepted your Vouch/ }));
  await expect(page).toHaveURL(/\/my-vouches\?tab=sent&vouch=\d+$/);
  await expect(page.locator('[data-testid="sent-vouch"][data-linked]')).toContainText('Ben Bravo');

  await page.goto('/network');
  await page.getByTestId('network-list-view').locator('summary').click();
  await page.getByRole('button', { name: 'Recentre on Ben Bravo' }).click();
  await page.getByTestId('network-centre-profile').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${await profileSlug(ben)}$`));

  // An unknown member id says Profile Not Found.
  await page.goto('/members/99999999');
  await expect(page.getByTestId('profile-not-found')).toContainText('Profile Not Found');
});

test('profiles open from a match and from a suggestion', async ({ browser }) => {
  // Ann asks for Rust; Ben (her 1°) sees Cal, whom he vouched for in Rust, among his matches.
  const created = await ann.context.post('/api/introduction-requests', {
    data: { requestType: 'Hiring', desiredSkills: 'Rust', reason: 'We need a storage engineer.', context: null, degreeLevel: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestId = ((await created.json()) as { id: number }).id;

  const helper = await pageOf(browser, ben);
  await helper.goto('/introduction-requests');
  await helper.getByRole('tab', { name: /My Network's Requests/ }).click();
  await helper.getByTestId('network-request').filter({ hasText: 'Ann Alpha' }).getByRole('button', { name: 'Help with Introduction' }).click();
  const help = helper.getByRole('dialog', { name: /Help Ann Alpha/ });
  await help.getByRole('tab', { name: 'My Network' }).click();
  await help.getByTestId('match').filter({ hasText: 'Cal Charlie' }).getByRole('link', { name: 'View profile' }).click();
  await expect(helper).toHaveURL(new RegExp(`/profile/${await profileSlug(cal)}$`));
  await expect(helper.getByTestId('profile-connection-degree')).toHaveText('Direct connection');

  const suggested = await ben.context.post('/api/introduction-suggestions', { data: { requestId, suggestedPersonId: cal.id, reasoning: 'Cal rewrote our storage engine.' } });
  expect(suggested.status(), await suggested.text()).toBe(201);
  const page = await pageOf(browser, ann);
  await page.goto('/introduction-requests');
  await page.getByTestId('my-request').getByRole('button', { name: /View Suggestions/ }).click();
  await page.getByTestId('suggestion').getByRole('link', { name: 'Cal Charlie' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${await profileSlug(cal)}$`));
  await expect(page.getByTestId('profile-connection-degree')).toHaveText('2nd-degree connection');
});
