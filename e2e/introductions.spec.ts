/**
 * Introductions in the browser (SPEC "Introduction Requests", "Request Introduction dialog",
 * §5, §6, §8) against the real gateway, on a network built through the API:
 *
 *   Rita ──vouches──▶ Hank ──vouches (React, TypeScript)──▶ Dana        Lou: no vouch at all
 *
 * Rita asks for an introduction in the UI; Hank (her 1°), in his own browser, suggests Dana
 * (his 1°, her 2°) through "Help with Introduction"; Rita accepts in "View Suggestions"; Dana, asked
 * in her own browser (and by SMS), agrees: both see each other's number (the double opt-in).
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInByApi, type SignedInMember } from './support/auth';
import { watchConsole } from './support/console';
import { animationsDone, settledTop } from './support/layout';
import { toastTitled } from './support/toasts';
import { urls } from './support/urls';
import { seriousViolations } from './support/axe';

interface Member extends SignedInMember {
  context: APIRequestContext;
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
}

async function member(firstName: string, lastName: string): Promise<Member> {
  const context = await playwrightRequest.newContext({ baseURL: urls.gateway });
  const signedIn = await signInByApi(context, { firstName, lastName });
  return { ...signedIn, context, state: await context.storageState() };
}

/** `from` vouches for `to` (a recommendation naming `skills`) and `to` accepts. */
async function vouch(from: Member, to: Member, skills: string): Promise<void> {
  const created = await from.context.post('/api/vouches', {
    data: { type: 'recommendation', recipientName: to.name, recipientPhone: to.phone.e164, reason: 'We built things together.', skills, characterTraits: 'Reliable', accomplishments: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { vouchToken } = (await created.json()) as { vouchToken: string };
  const accepted = await to.context.post('/api/vouches/accept', { data: { vouchToken, action: 'accept' } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
}

/**
 * Waits for a toast and checks its text; then (unless `keep`) closes it, since one toast shows
 * at a time and the next waits behind it. Behind a modal dialog the page outside it takes no
 * clicks: there the toast is left to leave after its 5 s.
 */
async function expectToast(page: Page, title: string, description: string | RegExp, { keep = false } = {}) {
  const toast = toastTitled(page, title);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  if (!keep) await dismissToast(page, title);
}

async function dismissToast(page: Page, title: string) {
  const toast = toastTitled(page, title);
  if ((await page.getByRole('dialog').count()) === 0 && (await toast.count()) > 0) {
    await animationsDone(page); // as expectToast (support/toasts.ts): not while it slides in
    await toast.locator('[data-part="close-trigger"]').click();
  }
  await expect(toast).toHaveCount(0, { timeout: 15_000 });
}

async function pageOf(browser: Browser, who: Member, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ storageState: who.state, viewport });
  return context.newPage();
}

/** The first paint loads the shell and two remotes: slow on a busy machine. */
const FIRST_LOAD_MS = 45_000;

let rita: Member;
let hank: Member;
let dana: Member;
let lou: Member;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rita = await member('Rita', 'Requester');
  hank = await member('Hank', 'Helper');
  dana = await member('Dana', 'Dev');
  lou = await member('Lou', 'Lonely');
  await vouch(rita, hank, 'Product management');
  await vouch(hank, dana, 'React, TypeScript');
});

test.afterAll(async () => {
  await Promise.all([rita, hank, dana, lou].filter(Boolean).map((m) => m.context.dispose()));
});

test('a request goes out, a connected member suggests someone, and the requester accepts', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const page = await pageOf(browser, rita);
  const problems = watchConsole(page);

  await page.goto('/introduction-requests');
  await expect(page.getByRole('heading', { name: 'Introduction Requests', level: 1 })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(page.getByText('No introduction requests yet')).toBeVisible();

  // The header's Request Intro opens the dialog.
  await page.locator('[data-slot="request-intro"]').getByRole('button', { name: 'Request Intro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request an Introduction' });
  await expect(dialog).toBeVisible();

  // Required fields (SPEC §5): nothing is sent while they are empty.
  await dialog.getByLabel('Reason').fill('   ');
  await dialog.getByRole('button', { name: 'Create Request' }).click();
  await expectToast(page, 'Error', 'Please fill in all required fields');
  await expect(dialog.getByTestId('request-form-error')).toHaveText('Please fill in all required fields');
  await expect(dialog.getByLabel('Request type')).toHaveAttribute('aria-invalid', 'true');

  // The free plan reaches 1st and 2nd degree; 3rd is locked with an upgrade hint (SPEC §6).
  await expect(dialog.getByRole('radio', { name: /3rd degree/ })).toBeDisabled();
  await expect(dialog.getByTestId('degree-upgrade-hint').first()).toContainText('Network Pro');
  await expect(dialog.getByRole('radio', { name: '2nd degree' })).toBeChecked();

  // Network Analysis: Hank and Dana are within 2nd degree, through Hank.
  await dialog.getByRole('tab', { name: 'Network Analysis' }).click();
  const analysis = dialog.getByTestId('network-analysis');
  await expect(analysis.getByTestId('total-reachable')).toHaveText('2');
  await expect(analysis.getByTestId('connector')).toHaveCount(1);
  await expect(analysis.getByTestId('connector').first()).toContainText('Hank Helper');
  await page.screenshot({ path: testInfo.outputPath('request-dialog-analysis.png') });

  await dialog.getByRole('tab', { name: 'Create Request' }).click();
  await dialog.getByLabel('Request type').fill('Hiring');
  await dialog.getByLabel('Desired skills').fill('React');
  await dialog.getByLabel('Reason').fill('We are hiring a front-end lead for our design system.');
  await dialog.getByLabel('Context (optional)').fill('Remote, full time.');
  await page.screenshot({ path: testInfo.outputPath('request-dialog-form.png') });
  await dialog.getByRole('button', { name: 'Create Request' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Introduction Request Created', 'Your request has been sent to your network for suggestions.');

  const card = page.getByTestId('my-request');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('request-type')).toHaveText('Hiring');
  await expect(card.getByTestId('degree-level')).toHaveText('2nd degree');
  await expect(card.getByTestId('request-status')).toHaveText('Broadcasting');
  await expect(card).toContainText('less than a minute ago');

  // Hank, in his own browser, helps from My Network's Requests.
  const helper = await pageOf(browser, hank);
  const helperProblems = watchConsole(helper);
  await helper.goto('/introduction-requests');
  await helper.getByRole('tab', { name: /My Network's Requests/ }).click({ timeout: FIRST_LOAD_MS });
  const networkCard = helper.getByTestId('network-request').filter({ hasText: 'Rita Requester' });
  await expect(networkCard).toContainText('Hiring');
  await networkCard.getByRole('button', { name: 'Help with Introduction' }).click();
  const help = helper.getByRole('dialog', { name: /Help Rita Requester/ });
  await expect(help).toBeVisible();

  // I Can Help: the free plan cannot self-suggest; the upgrade names Pro for a 2nd-degree request.
  const top = await settledTop(help);
  await help.getByRole('tab', { name: 'I Can Help' }).click();
  await expect(help.getByTestId('self-suggestion-locked')).toBeVisible();
  await expect(help.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
  expect(await settledTop(help), 'the dialog does not jump when its tab changes').toBe(top);

  await help.getByRole('tab', { name: 'My Network' }).click();
  const danaOption = help.getByTestId('match').filter({ hasText: 'Dana Dev' });
  await expect(danaOption).toContainText('How you\'re connected: You → Dana Dev');
  await danaOption.getByRole('radio').check();
  const submit = help.getByRole('button', { name: 'Suggest Dana Dev' });
  await expect(submit, 'disabled while the reasoning is empty').toBeDisabled();
  await expect(help.getByText('Please provide reasoning for this suggestion')).toBeVisible();
  await help.getByLabel('Your reasoning').fill('Dana rebuilt our React component library; she would be a great lead.');
  await helper.screenshot({ path: testInfo.outputPath('help-dialog.png') });
  await submit.click();
  await expect(help).toHaveCount(0);
  await expectToast(helper, 'Suggestion Submitted', 'Rita Requester');

  // Back to Rita: the suggestion waits for her.
  await page.reload();
  await expect(card.getByTestId('request-status')).toHaveText('Collecting suggestions');
  await expect(card.getByTestId('suggestion-count')).toHaveText('1 suggestion · 1 awaiting you');

  await card.getByRole('button', { name: 'Network Analysis' }).click();
  const insights = page.getByRole('dialog', { name: /Network Analysis · Hiring/ });
  await expect(insights.getByTestId('connector-insight').filter({ hasText: 'Hank Helper' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(insights).toHaveCount(0);

  await card.getByRole('button', { name: /View Suggestions/ }).click();
  const suggestions = page.getByRole('dialog', { name: /Suggestions · Hiring/ });
  const suggestion = suggestions.getByTestId('suggestion').filter({ hasText: 'Dana Dev' });
  await expect(suggestion).toContainText('Suggested by Hank Helper');
  await expect(suggestion).toContainText('rebuilt our React component library');
  await page.screenshot({ path: testInfo.outputPath('view-suggestions.png') });
  await suggestion.getByRole('button', { name: 'Accept' }).click();
  await expectToast(page, 'Suggestion Accepted', "We've asked Dana Dev whether they want the introduction.", { keep: true });
  // Double opt-in: Dana is asked first; her number stays masked until she agrees.
  await expect(suggestion.getByTestId('suggestion-status')).toHaveText('Waiting for Dana Dev');
  await expect(suggestion.getByTestId('suggestion-outcome')).toContainText('Dana Dev has been asked whether they want the introduction');
  await expect(suggestion).toContainText(`•••-•••-${dana.phone.e164.slice(-4)}`);
  await expect(suggestion.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(suggestions).toHaveCount(0);
  await dismissToast(page, 'Suggestion Accepted');
  await expect(card.getByTestId('request-status')).toHaveText('Collecting suggestions');

  // Dana is asked by text (the worker sends it; the dev SMS outbox has it), with a link to the
  // introduction, and in the app, in her own browser.
  const askText = async () => {
    const texts = (await (await dana.context.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(dana.phone.e164)}`)).json()) as { messages: { body: string; code: string | null }[] };
    return texts.messages.find((m) => m.body.includes('introduction to you'))?.body ?? '';
  };
  await expect.poll(askText, { timeout: 20_000 }).toMatch(/^Vouch: Rita Requester would like an introduction to you, suggested by Hank Helper\. Agree or decline within 14 days: http\S+\/introduction-requests\?tab=introductions&introduction=\d+ Reply STOP to opt out\.$/);
  const target = await pageOf(browser, dana);
  const targetProblems = watchConsole(target);
  const link = new URL((await askText()).match(/http\S+/)![0]);
  await target.goto(link.pathname + link.search);
  const ask = target.getByTestId('introduction').filter({ hasText: 'Rita Requester asked to meet you' });
  await expect(ask.getByTestId('introduction-status')).toHaveText('Awaiting you', { timeout: FIRST_LOAD_MS });
  await expect(ask, 'the text opened this introduction').toHaveAttribute('data-linked', 'true');
  await expect(target.getByRole('tab', { name: /Introductions/ })).toContainText('1');
  await expect(ask).toContainText("Hank Helper's note: “Dana rebuilt our React component library");
  await expect(ask.getByTestId('introduction-contact')).toHaveCount(0);
  expect(await seriousViolations(target)).toEqual([]);
  await target.screenshot({ path: testInfo.outputPath('introduction-ask.png'), fullPage: true });
  await ask.getByRole('button', { name: 'Agree to Introduction' }).click();
  await expectToast(target, 'Introduction Made', 'You and Rita Requester can now reach each other.');
  await expect(ask.getByTestId('introduction-status')).toHaveText('Introduced');
  await expect(ask.getByTestId('introduction-contact')).toContainText(`Rita Requester · ${rita.phone.display}`);
  await expect(ask.getByRole('button', { name: 'Agree to Introduction' })).toHaveCount(0);

  // Rita sees who she was introduced to, with Dana's number and Hank's note.
  await page.goto('/introduction-requests?tab=introductions');
  const made = page.getByTestId('introduction').filter({ hasText: 'Your introduction to Dana Dev' });
  await expect(made.getByTestId('introduction-status')).toHaveText('Introduced', { timeout: FIRST_LOAD_MS });
  await expect(made.getByTestId('introduction-contact')).toContainText(`Dana Dev · ${dana.phone.display}`);
  await expect(made.getByTestId('introduction-note')).toContainText("Hank Helper's note: “Dana rebuilt our React component library");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: /My Requests/ }).click();
  await expect(card.getByTestId('request-status')).toHaveText('Completed');
  await expect(card.getByTestId('request-introduced')).toHaveText(`Introduced to Dana Dev (${dana.phone.display})`);
  await card.getByRole('button', { name: /View Suggestions/ }).click();
  await expect(suggestion.getByTestId('suggestion-status')).toHaveText('Introduced');
  // Formatted as people write it (issue 28), not "+1…".
  await expect(suggestion).toContainText(dana.phone.display);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('my-requests.png'), fullPage: true });

  // Hank, the connector, sees that it happened (names only).
  await helper.goto('/introduction-requests?tab=introductions');
  const connected = helper.getByTestId('introduction').filter({ hasText: 'Rita Requester and Dana Dev' });
  await expect(connected.getByTestId('introduction-outcome')).toHaveText('Dana Dev agreed to be introduced to Rita Requester.', { timeout: FIRST_LOAD_MS });
  await expect(connected.getByTestId('introduction-contact')).toHaveCount(0);

  expect(problems).toEqual([]);
  expect(helperProblems).toEqual([]);
  expect(targetProblems).toEqual([]);
});

test('the requester cancels an open request after confirming; it leaves the helper\'s list and its suggestion can no longer be accepted', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  // Rita asks within 1st degree; Hank suggests Dana (through the API: the UI of both is covered above).
  const created = await rita.context.post('/api/introduction-requests', { data: { requestType: 'Mentoring', desiredSkills: 'TypeScript', reason: 'Growing our team leads.', degreeLevel: 1 } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: requestId } = (await created.json()) as { id: number };
  const danaId = ((await (await dana.context.get('/api/user/profile')).json()) as { user: { id: number } }).user.id;
  const suggested = await hank.context.post('/api/introduction-suggestions', { data: { requestId, suggestedPersonId: danaId, reasoning: 'Dana mentors our juniors.' } });
  expect(suggested.status(), await suggested.text()).toBe(201);

  const page = await pageOf(browser, rita);
  const problems = watchConsole(page);
  await page.goto('/introduction-requests');
  const card = page.getByTestId('my-request').filter({ hasText: 'Mentoring' });
  await expect(card.getByTestId('suggestion-count')).toHaveText('1 suggestion · 1 awaiting you', { timeout: FIRST_LOAD_MS });
  // A completed request has nothing to cancel.
  await expect(page.getByTestId('my-request').filter({ hasText: 'Hiring' }).getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);

  // Keep Request changes nothing.
  await card.getByRole('button', { name: 'Cancel Request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this request?' });
  await expect(confirm).toContainText('Your Mentoring request leaves your network');
  await expect(confirm.getByTestId('cancel-pending-warning')).toHaveText('The suggestion waiting for you can no longer be accepted.');
  await confirm.getByRole('button', { name: 'Keep Request' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByTestId('request-status')).toHaveText('Collecting suggestions');

  await card.getByRole('button', { name: 'Cancel Request' }).click();
  await page.screenshot({ path: testInfo.outputPath('cancel-request-confirm.png') });
  await confirm.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(confirm).toHaveCount(0);
  await expectToast(page, 'Request Cancelled', 'Your network no longer sees this request.');
  await expect(card.getByTestId('request-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('request-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(card.getByTestId('suggestion-count')).toHaveText('1 suggestion');
  await expect(card.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);

  await card.getByRole('button', { name: /View Suggestions/ }).click();
  const suggestions = page.getByRole('dialog', { name: /Suggestions · Mentoring/ });
  await expect(suggestions.getByTestId('request-cancelled-note')).toBeVisible();
  await expect(suggestions.getByTestId('suggestion').filter({ hasText: 'Dana Dev' })).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Hank's My Network's Requests no longer offers it (Rita's Hiring request is completed: nothing left).
  const helper = await pageOf(browser, hank);
  const helperProblems = watchConsole(helper);
  await helper.goto('/introduction-requests');
  await helper.getByRole('tab', { name: /My Network's Requests/ }).click({ timeout: FIRST_LOAD_MS });
  await expect(helper.getByText('Nothing to help with right now')).toBeVisible();
  await expect(helper.getByTestId('network-request')).toHaveCount(0);

  expect(problems).toEqual([]);
  expect(helperProblems).toEqual([]);
});

test('the suggested person declines: the requester sees it and no number is shared', async ({ browser }) => {
  test.setTimeout(120_000);
  const created = await rita.context.post('/api/introduction-requests', { data: { requestType: 'Advice', desiredSkills: 'TypeScript', reason: 'A second opinion.', degreeLevel: 2 } });
  const { id: requestId } = (await created.json()) as { id: number };
  const danaId = ((await (await dana.context.get('/api/user/profile')).json()) as { user: { id: number } }).user.id;
  const suggested = await hank.context.post('/api/introduction-suggestions', { data: { requestId, suggestedPersonId: danaId, reasoning: 'Dana reviews everything.' } });
  const { id: suggestionId } = (await suggested.json()) as { id: number };
  expect((await rita.context.post(`/api/introduction-suggestions/${suggestionId}/accept`)).status()).toBe(200);

  const target = await pageOf(browser, dana, { width: 390, height: 844 });
  await target.goto('/introduction-requests?tab=introductions');
  const ask = target.getByTestId('introduction').filter({ hasText: 'Advice' });
  await ask.getByRole('button', { name: 'Decline' }).click({ timeout: FIRST_LOAD_MS });
  await expectToast(target, 'Introduction Declined', 'Your number was not shared.');
  await expect(ask.getByTestId('introduction-status')).toHaveText('Declined');

  const page = await pageOf(browser, rita);
  await page.goto('/introduction-requests?tab=introductions');
  const declined = page.getByTestId('introduction').filter({ hasText: 'Advice' });
  await expect(declined.getByTestId('introduction-outcome')).toHaveText('Dana Dev declined the introduction.', { timeout: FIRST_LOAD_MS });
  await expect(declined.getByTestId('introduction-contact')).toHaveCount(0);
});

test('a member without a vouch sees Request Intro locked and the page explains why', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const page = await pageOf(browser, lou);
  await page.goto('/introduction-requests');
  await expect(page.getByTestId('introductions-locked')).toContainText('Introductions unlock with your first Vouch', { timeout: FIRST_LOAD_MS });
  const locked = page.getByTestId('request-intro-locked');
  await expect(locked.getByRole('button', { name: 'Request Intro' })).toBeDisabled();
  // The header's slots arrive one by one and can move the button from under a pointer that
  // hovered too early: hover again until the tooltip shows, as a person would.
  await expect(async () => {
    await locked.hover();
    await expect(page.getByRole('tooltip')).toContainText('unlocks when your first Vouch is accepted', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('locked.png') });
  // The API agrees (SPEC §6).
  const refused = await lou.context.post('/api/introduction-requests', { data: { requestType: 'Hiring', desiredSkills: 'React', reason: 'Team', degreeLevel: 1 } });
  expect(refused.status()).toBe(403);
});

test('at the monthly limit the request is refused in the dialog with Upgrade, which leads to /subscription', async ({ browser }) => {
  test.setTimeout(90_000);
  const max = await member('Max', 'Monthly');
  await vouch(hank, max, 'Sales');
  // The free plan's 10 requests this month, through the API.
  for (let i = 0; i < 10; i += 1) {
    const made = await max.context.post('/api/introduction-requests', { data: { requestType: 'Hiring', desiredSkills: 'Sales', reason: `Request ${i}`, degreeLevel: 1 } });
    expect(made.status(), await made.text()).toBe(201);
  }
  const page = await pageOf(browser, max);
  await page.goto('/introduction-requests');
  await page.locator('[data-slot="request-intro"]').getByRole('button', { name: 'Request Intro' }).click({ timeout: FIRST_LOAD_MS });
  const dialog = page.getByRole('dialog', { name: 'Request an Introduction' });
  await dialog.getByLabel('Request type').fill('Hiring');
  await dialog.getByLabel('Desired skills').fill('Sales');
  await dialog.getByLabel('Reason').fill('One more than the plan allows.');
  await dialog.getByRole('button', { name: 'Create Request' }).click();
  const refusal = dialog.getByTestId('introduction-plan-refusal');
  await expect(refusal).toContainText(/10/);
  await expect(toastTitled(page, 'Error'), 'said once, in the dialog, not also as a toast').toHaveCount(0);
  await refusal.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(dialog).toHaveCount(0);
  await max.context.dispose();
});

test('the request page fits a phone screen', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const page = await pageOf(browser, rita, { width: 390, height: 844 });
  await page.goto('/introduction-requests');
  await expect(page.getByTestId('my-request').first()).toBeVisible({ timeout: FIRST_LOAD_MS });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('mobile.png'), fullPage: true });
});
