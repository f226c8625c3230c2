/**
 * The vouch lifecycle in the browser (SPEC "Create Vouch dialog", "Public Vouch page", "My
 * Vouches", "Pending Vouches", §8 toasts) against the real gateway: a member creates a vouch,
 * shares its link, and the recipient — in a fresh browser, signed out — verifies their phone in
 * mf_auth's dialog and answers.
 *
 * Expiry: the server has no clock to move (VOUCH_EXPIRY_DAYS must be 1–3650, and the API tests
 * move time with an injected clock), so the expired page is shown by moving the *browser's*
 * clock past `expiresAt` with Playwright's `page.clock`: the page decides "expired" from the
 * vouch's `expiresAt` and the visitor's clock, which is exactly what is tested. That the server
 * refuses answering an expired vouch (410) is covered by api-gateway/test/vouches.api.test.ts.
 */
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInByApi, readCode, uniquePhone, type SignedInMember, type TestPhone } from './support/auth';
import { watchConsole } from './support/console';
import { expectToast } from './support/toasts';
import { withoutPageSession } from './support/page-session';

// Pages load two or three remotes at run time; on a busy CI machine that takes more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

interface CreatedVouch {
  vouchToken: string;
  recipientName: string;
  expiresAt: string;
}

/** A vouch made through the API by the member of `page`'s cookie jar. */
async function createVouchByApi(page: Page, body: Record<string, unknown>): Promise<CreatedVouch> {
  const response = await page.request.post('/api/vouches', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedVouch;
}

const recommendationFor = (phone: TestPhone, recipientName = 'Rosa Recipient') => ({
  type: 'recommendation',
  recipientName,
  recipientPhone: phone.e164,
  reason: 'We shipped the payments platform together.',
  skills: 'TypeScript, system design',
  characterTraits: 'Calm under pressure',
  accomplishments: null,
});

/** In the public page's verification dialog: phone, code, then the final button. */
/** Phone and code in mf_auth's dialog; a new member then confirms the name the voucher typed (optionally corrected). */
async function verifyInDialog(page: Page, phone: TestPhone, confirmLabel: string, name?: { typed: [string, string]; firstName?: string }) {
  const dialog = page.getByTestId('phone-verification-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Phone number').fill(phone.digits);
  const sentAfter = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  const code = await readCode(page.request, phone, sentAfter);
  await expectToast(page, 'OTP Sent', 'Please check your phone for the verification code.');
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: confirmLabel }).click();
  if (!name) return;
  // First sign-in through the link (issue 28): the account holds the typed name, shown to confirm or correct.
  await expect(dialog).toHaveAttribute('data-step', 'name');
  await expect(dialog).toContainText('Your account uses the name your voucher typed.');
  await expect(dialog.getByLabel('First name')).toHaveValue(name.typed[0]);
  await expect(dialog.getByLabel('Last name')).toHaveValue(name.typed[1]);
  if (name.firstName) await dialog.getByLabel('First name').fill(name.firstName);
  await dialog.getByRole('button', { name: 'Confirm Name' }).click();
}

let voucher: SignedInMember;
let voucherState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** One voucher for the whole file (codes are rate limited per IP): its cookies, reused per test. */
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  voucher = await signInByApi(page, { firstName: 'Vic', lastName: 'Voucher' });
  voucherState = await context.storageState();
  await context.close();
});

async function voucherPage(browser: Browser, options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    storageState: voucherState,
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  return context.newPage();
}

/** A visitor with no session: a fresh browser context, as when the link is opened from a text. */
async function freshVisitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A vouch for a new phone, and a visitor already signed in with that phone (the recipient) as `firstName lastName`. */
async function signedInRecipient(browser: Browser, firstName: string, lastName: string): Promise<{ vouch: CreatedVouch; visitor: Page }> {
  const page = await voucherPage(browser);
  const recipient = uniquePhone();
  const vouch = await createVouchByApi(page, recommendationFor(recipient));
  const visitor = await freshVisitor(browser);
  await signInByApi(visitor, { phone: recipient, firstName, lastName });
  return { vouch, visitor };
}

test('a member creates a recommendation, shares it, and the recipient accepts it from the link in a fresh browser', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await voucherPage(browser, { clipboard: true });
  const problems = watchConsole(page);
  const recipient = uniquePhone();

  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: 'Create First Vouch' });
  await expect(button, 'a member without vouches is invited to make the first one').toBeVisible();
  await expect(page.getByTestId('create-vouch-pulse')).toBeVisible();
  await button.click();

  const dialog = page.getByRole('dialog', { name: 'Create a Vouch' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Recommendation/ })).toBeChecked();
  await dialog.getByLabel('Recipient name').fill('Rosa Recipient');
  const phoneField = dialog.getByLabel('Recipient phone');
  await phoneField.pressSequentially(`${recipient.digits}99`);
  await expect(phoneField, 'formatted while typing, cut at 10 digits').toHaveValue(recipient.display);
  // How the voucher knows her (issue 28): Rosa is Vic's manager.
  await dialog.getByLabel('They are my').selectOption('manager');

  // A category box enables its field; nothing ticked is refused before any call.
  const skills = dialog.getByRole('textbox', { name: 'Skills' });
  await expect(skills).toBeDisabled();
  await dialog.getByLabel('Reason').fill('We shipped the payments platform together.');
  await dialog.getByRole('button', { name: 'Create Vouch' }).click();
  // Shown once, beside the categories (issue 16), with the focus on the first box.
  await expect(dialog.getByText('Please select at least one category to Vouch for.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Character Traits' })).toBeFocused();
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);

  await dialog.getByRole('checkbox', { name: 'Skills' }).check();
  await expect(skills).toBeEnabled();
  await skills.fill('TypeScript, system design');
  await dialog.getByRole('button', { name: 'Create Vouch' }).click();

  // Review and share.
  const review = page.getByRole('dialog', { name: 'Share your Vouch' });
  await expect(review.getByTestId('vouch-review')).toBeVisible();
  await expect(review.getByTestId('vouch-status')).toHaveText('PENDING');
  await expect(review.getByTestId('vouch-days-left')).toHaveText('30 days');
  await expect(review.getByRole('group', { name: 'Vouch summary' })).toContainText('Your manager');
  const link = await review.getByLabel('Public link').inputValue();
  expect(link).toMatch(new RegExp(`^${page.url().replace(/\/dashboard.*$/, '')}/vouch/[A-Za-z0-9_-]{32}$`));
  const sms = await review.getByRole('link', { name: 'Send by text message' }).getAttribute('href');
  expect(sms).toBe(`sms:${recipient.e164}?&body=${encodeURIComponent(`Hi Rosa! I just vouched for you on Vouch. See what I said and accept it here: ${link}`)}`);
  await review.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Copied!', 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Closing resets the dialog to an empty form; the header no longer says "First".
  await review.getByRole('button', { name: 'Done' }).click();
  await expect(review).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Vouch', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create a Vouch' }).getByLabel('Recipient name')).toHaveValue('');
  await page.keyboard.press('Escape');

  // The recipient opens the link in a fresh, signed-out browser.
  const visitor = await freshVisitor(browser);
  const visitorProblems = watchConsole(visitor);
  await visitor.goto(link);
  const card = visitor.getByTestId('public-vouch');
  await expect(card.getByRole('heading', { name: "You've Been Vouched For!" })).toBeVisible();
  await expect(card.getByTestId('recipient-name')).toHaveText('Rosa Recipient');
  await expect(card.getByTestId('vouch-status')).toHaveText('pending');
  await expect(card).toContainText('TypeScript, system design');
  await expect(card).toContainText('We shipped the payments platform together.');
  await expect(card.getByTestId('vouch-expiry')).toHaveText('This Vouch expires in 30 days');
  // Seen from her side Vic is her report; she corrects it: he is her mentee.
  const relationship = card.getByLabel('Vic Voucher is your');
  await expect(relationship).toHaveValue('report');
  await relationship.selectOption('mentee');
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await verifyInDialog(visitor, recipient, 'Accept Vouch', { typed: ['Rosa', 'Recipient'], firstName: 'Rosalind' });
  await expect(visitor.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Vouch Accepted' })).toContainText(
    "You've successfully accepted this Vouch!",
  );
  // Accepting offers Vouch back for the voucher (issue 28); the page waits for the member's choice.
  await expect(visitor.getByTestId('vouch-back')).toContainText(/Vouch back for /);
  await visitor.getByRole('button', { name: 'Go to your dashboard' }).click();
  await visitor.waitForURL('**/dashboard?newUser=true');
  expect((await (await visitor.request.get('/api/auth/session')).json()).user.name, 'the name she confirmed is hers').toBe('Rosalind Recipient');

  // The voucher sees it accepted in My Vouches → Sent, under the name she confirmed (issue 44).
  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  const sent = page.getByTestId('sent-vouch').filter({ hasText: 'Rosalind Recipient' });
  await expect(sent.getByTestId('vouch-status')).toHaveText('accepted');
  await expect(sent).toContainText('Recommendation');
  await expect(sent).toContainText(/Sent (less than a minute|1 minute) ago · Accepted (less than a minute|1 minute) ago/);
  await expect(sent).toContainText('TypeScript, system design');
  // Her correction, from Vic's side: Rosa is his mentor.
  await expect(sent.getByTestId('vouch-relationship')).toHaveText('Your mentor');

  // And the page of an answered vouch says so.
  await visitor.goto(link);
  await expect(visitor.getByTestId('vouch-answered')).toHaveText('This Vouch was accepted.');
  await expect(visitor.getByTestId('vouch-expiry'), 'no expiry once answered').toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
  expect(visitorProblems).toEqual([]);
});

test('a server refusal while creating shows the server sentence', async ({ browser }) => {
  const page = await voucherPage(browser);
  await page.goto('/my-vouches');
  await page.getByRole('tab', { name: /Sent/ }).click();
  await page.getByRole('button', { name: /^Create (First )?Vouch$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a Vouch' });
  await dialog.getByRole('radio', { name: /Invite/ }).check();
  await expect(dialog.getByLabel('Message (Optional)')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Skills' }), 'categories belong to recommendations').toHaveCount(0);
  await dialog.getByLabel('Recipient name').fill('Myself');
  await dialog.getByLabel('Recipient phone').fill(voucher.phone.digits);
  await dialog.getByLabel('They are my').selectOption('friend');
  await dialog.getByRole('button', { name: 'Create Vouch' }).click();
  // Said by the buttons, in the dialog (issue 28), not in a toast that outlives it.
  await expect(dialog.getByTestId('create-vouch-problem')).toHaveText('You cannot Vouch for your own phone number.');
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);
  await dialog.getByLabel('Recipient phone').fill('555123');
  await dialog.getByRole('button', { name: 'Create Vouch' }).click();
  // A form problem shows once, under its field (issue 16), not also as a toast.
  await expect(dialog.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
  await expect(dialog.getByLabel('Recipient phone')).toBeFocused();
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);
});

test('the recipient of an invite declines it from the link', async ({ browser }) => {
  const page = await voucherPage(browser);
  const recipient = uniquePhone();
  const vouch = await createVouchByApi(page, { type: 'invite', recipientName: 'Ivy Invitee', recipientPhone: recipient.e164, reason: null });

  const visitor = await freshVisitor(browser);
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  const card = visitor.getByTestId('public-vouch');
  await expect(card.getByRole('heading', { name: "You've Been Invited to Vouch!" })).toBeVisible();
  await expect(card).toContainText('Personal Message');
  await expect(card).toContainText("I think you'd be a great addition to the community!");
  await expect(card.getByRole('button', { name: 'Join Vouch' })).toBeVisible();
  await card.getByRole('button', { name: 'Decline' }).click();
  // Declining needs no account (issue 44): no names step, none is made.
  await verifyInDialog(visitor, recipient, 'Decline Vouch');
  await expectToast(visitor, 'Vouch Declined', /declined/);
  await expect(card.getByTestId('vouch-answered')).toHaveText('You declined this Vouch.');
  await expect(card.getByTestId('vouch-status')).toHaveText('rejected');
  await expect(visitor, 'declining does not leave the page').toHaveURL(new RegExp(`/vouch/${vouch.vouchToken}$`));
});

test('a recipient already signed in accepts from the link without verifying the phone again', async ({ browser }) => {
  const { vouch, visitor } = await signedInRecipient(browser, 'Rosa', 'Recipient');
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  await visitor.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectToast(visitor, 'Vouch Accepted', "You've successfully accepted this Vouch!");
  await expect(visitor.getByTestId('phone-verification-dialog')).toHaveCount(0);
  await visitor.getByRole('button', { name: 'Go to your dashboard' }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
});

test('an answer given while the session check is still on its way waits with both buttons held, then goes through once', async ({ browser }) => {
  const { vouch, visitor } = await signedInRecipient(browser, 'Sam', 'Slow');
  // A page whose HTML carries no session (the gateway could not read it): the page asks, slowly.
  await withoutPageSession(visitor);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await visitor.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  const answers: string[] = [];
  visitor.on('request', (request) => {
    if (/\/api\/vouches\/(respond|accept)$/.test(new URL(request.url()).pathname)) answers.push(request.url());
  });
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  const accept = visitor.getByRole('button', { name: 'Accept', exact: true });
  await accept.click();
  await expect(accept).toBeDisabled();
  await expect(visitor.getByRole('button', { name: 'Decline' })).toBeDisabled();
  release();
  await expectToast(visitor, 'Vouch Accepted', "You've successfully accepted this Vouch!");
  expect(answers).toHaveLength(1);
});

test('verifying another phone than the recipient’s shows Phone Number Mismatch and answers nothing', async ({ browser }) => {
  const page = await voucherPage(browser);
  const recipient = uniquePhone();
  const vouch = await createVouchByApi(page, recommendationFor(recipient));

  const visitor = await freshVisitor(browser);
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  await visitor.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = visitor.getByTestId('phone-verification-dialog');
  await dialog.getByLabel('Phone number').fill(uniquePhone().digits);
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  await expectToast(visitor, 'Phone Number Mismatch', 'Please enter the phone number associated with this Vouch.');
  await expect(dialog.getByLabel('Phone number'), 'still on the phone step: no code was sent').toBeVisible();

  const after = await (await visitor.request.get(`/api/vouches/public/${vouch.vouchToken}`)).json();
  expect(after.status).toBe('pending');
});

test('an expired vouch and an unknown link say so, with nothing to answer', async ({ browser }) => {
  const page = await voucherPage(browser);
  const vouch = await createVouchByApi(page, recommendationFor(uniquePhone(), 'Ed Expired'));

  const visitor = await freshVisitor(browser);
  // The visitor's clock a day past the expiry (see the file comment).
  await visitor.clock.install({ time: new Date(new Date(vouch.expiresAt).getTime() + 24 * 3600_000) });
  await visitor.goto(`/vouch/${vouch.vouchToken}`);
  const card = visitor.getByTestId('public-vouch');
  await expect(card.getByTestId('recipient-name')).toHaveText('Ed Expired');
  await expect(card.getByTestId('vouch-expiry')).toHaveText('This Vouch has expired');
  await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  await visitor.goto('/vouch/no-such-vouch');
  await expect(visitor.getByRole('heading', { name: 'Vouch Not Found' })).toBeVisible();
  await expect(visitor.getByText('This Vouch may have expired or been removed.')).toBeVisible();
});

test('a signed-in recipient answers in My Vouches → Received and on Pending Vouches', async ({ browser }) => {
  const page = await voucherPage(browser);
  const recipientPage = await freshVisitor(browser);
  const recipient = await signInByApi(recipientPage, { firstName: 'Rita', lastName: 'Received' });
  await createVouchByApi(page, recommendationFor(recipient.phone, 'Rita Received'));

  await recipientPage.goto('/my-vouches');
  await expect(recipientPage.getByRole('tab', { name: /Received/ })).toHaveAttribute('aria-selected', 'true');
  const card = recipientPage.getByTestId('received-vouch').filter({ hasText: 'Vic Voucher vouched for you' });
  await expect(card).toContainText('Calm under pressure');
  await expect(card).toContainText('This Vouch expires in 30 days');
  await card.getByRole('button', { name: 'Accept Vouch' }).click();
  await expectToast(recipientPage, 'Vouch Accepted', 'Thank you for accepting this Vouch!');
  // It stays on My Vouches, among the accepted ones (issue 16), with nothing left to answer.
  const accepted = recipientPage.getByTestId('accepted-received').getByTestId('received-vouch').filter({ hasText: 'Vic Voucher vouched for you' });
  await expect(accepted).toContainText('Accepted less than a minute ago');
  await expect(accepted.getByRole('button')).toHaveCount(0);
  await expect(recipientPage.getByRole('button', { name: 'Create Vouch', exact: true }), 'the header counts the accepted vouch').toBeVisible();

  // Answered, the pending key is free again: a second vouch, declined on /pending-vouches.
  await createVouchByApi(page, { type: 'invite', recipientName: 'Rita Received', recipientPhone: recipient.phone.e164, reason: 'Join us!' });
  await recipientPage.goto('/pending-vouches');
  await expect(recipientPage.getByRole('heading', { name: 'Pending Vouches' })).toBeVisible();
  const invite = recipientPage.getByTestId('received-vouch');
  await expect(invite).toContainText('Personal Message');
  await expect(invite).toContainText('Join us!');
  await invite.getByRole('button', { name: 'Decline' }).click();
  await expectToast(recipientPage, 'Vouch Rejected', 'Thank you for your response.');
  await expect(recipientPage.getByText('No pending Vouches')).toBeVisible();

  const profile = await (await recipientPage.request.get('/api/user/profile')).json();
  expect(profile.user.vouchesReceived).toBe(1);
});
