/**
 * Issue 44 item 1: an introduction to a member, from their profile, in three browsers:
 *
 *   Maya ── Marcus ── Ines        Maya ── Nia ── Ines
 *
 * Maya opens Ines's profile (2°), chooses Marcus among the people who know them both and says why;
 * Marcus, told by text, opens the ask ("Maya Chen asks to be introduced to Ines Ortiz") and forwards
 * it with a note; Ines, told by text, agrees (the double opt-in), and Maya sees Ines's number.
 * axe finds no serious violation on the new dialog and cards.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInByApi } from './support/auth';
import { watchConsole } from './support/console';
import { expectToast } from './support/toasts';
import { acceptedVouch, member, profileSlug, type Member } from './support/members';
import { seriousViolations } from './support/axe';

/** The first paint loads the shell and two remotes: slow on a busy machine. */
const FIRST_LOAD_MS = 45_000;

async function browserOf(browser: Browser, who: Member): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInByApi(page, { phone: who.phone });
  return page;
}

/** The latest text to `who` containing `words` (the worker sends it; the dev SMS outbox keeps it). */
async function textTo(who: Member, words: string): Promise<string> {
  const outbox = (await (await who.context.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(who.phone.e164)}`)).json()) as { messages: { body: string }[] };
  return outbox.messages.find((m) => m.body.includes(words))?.body ?? '';
}

const linkIn = (text: string) => {
  const url = new URL(text.match(/http\S+/)![0]);
  return url.pathname + url.search;
};

test('Maya asks Marcus to introduce her to Ines from Ines\'s profile; Marcus forwards; Ines agrees', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const [maya, marcus, nia, ines] = [await member('Maya', 'Chen'), await member('Marcus', 'Okafor'), await member('Nia', 'Adams'), await member('Ines', 'Ortiz')];
  await acceptedVouch(marcus, maya);
  await acceptedVouch(marcus, ines);
  await acceptedVouch(maya, nia);
  await acceptedVouch(nia, ines);

  // Maya, on Ines's profile: a 2nd-degree connection, and Request an introduction.
  const requester = await browserOf(browser, maya);
  const requesterProblems = watchConsole(requester);
  await requester.goto(`/profile/${await profileSlug(ines)}`);
  await expect(requester.getByTestId('profile-connection-degree')).toHaveText('2nd-degree connection', { timeout: FIRST_LOAD_MS });
  await requester.getByTestId('profile-actions').getByRole('link', { name: 'Request an introduction' }).click();
  await expect(requester).toHaveURL(new RegExp(`/introduction-requests\\?introTo=${ines.id}&introThrough=(${marcus.id}|${nia.id})$`));
  const dialog = requester.getByRole('dialog', { name: 'Request an introduction to Ines Ortiz' });
  await expect(dialog).toBeVisible({ timeout: FIRST_LOAD_MS });
  // Both people who know them both are offered; the path's first hop is chosen first.
  const choice = dialog.getByTestId('connector-choice');
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio', { checked: true })).toHaveCount(1);
  await choice.getByRole('radio', { name: 'Marcus Okafor' }).check();
  await dialog.getByRole('button', { name: 'Ask Marcus Okafor' }).click();
  await expect(dialog.getByText('Please say why you would like this introduction.')).toBeVisible();
  expect(await seriousViolations(requester)).toEqual([]);
  await dialog.getByLabel(/Why would you like to meet Ines Ortiz/).fill('I am building a design system and Ines runs the best one I know.');
  await requester.screenshot({ path: testInfo.outputPath('addressed-request-dialog.png') });
  await dialog.getByRole('button', { name: 'Ask Marcus Okafor' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToast(requester, 'Introduction Requested', "We've asked Marcus Okafor to introduce you to Ines Ortiz.");
  const card = requester.getByTestId('my-request').filter({ hasText: 'Introduction to Ines Ortiz' });
  await expect(card.getByTestId('request-status')).toHaveText('Awaiting connector');
  await expect(card.getByTestId('addressed-request-state')).toHaveText('You asked Marcus Okafor to introduce you to Ines Ortiz. Waiting for Marcus Okafor.');

  // Marcus, told by text, opens the ask from its link in his own browser.
  await expect.poll(() => textTo(marcus, 'asks you to introduce'), { timeout: 20_000 }).toMatch(/^Vouch: Maya Chen asks you to introduce them to Ines Ortiz\. Forward or decline: http\S+\/introduction-requests\?tab=introductions&ask=\d+/);
  const connector = await browserOf(browser, marcus);
  const connectorProblems = watchConsole(connector);
  await connector.goto(linkIn(await textTo(marcus, 'asks you to introduce')));
  const ask = connector.getByTestId('connector-ask').filter({ hasText: 'Maya Chen asks to be introduced to Ines Ortiz' });
  await expect(ask).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(ask, 'the text opened this ask').toHaveAttribute('data-linked', 'true');
  await expect(ask).toContainText('Their reason: “I am building a design system');
  await expect(ask.getByTestId('request-status')).toHaveText('Awaiting you');
  await expect(connector.getByRole('tab', { name: /Introductions/ })).toContainText('1');
  await ask.getByRole('button', { name: 'Forward to Ines Ortiz' }).click();
  await expect(ask.getByText('Please add a note: why you are introducing Maya Chen.')).toBeVisible();
  expect(await seriousViolations(connector)).toEqual([]);
  await ask.getByLabel('Your note to Ines Ortiz').fill('Maya led the design system at our last company; you two should talk.');
  await connector.screenshot({ path: testInfo.outputPath('connector-ask.png'), fullPage: true });
  await ask.getByRole('button', { name: 'Forward to Ines Ortiz' }).click();
  await expectToast(connector, 'Request Forwarded', 'Ines Ortiz is asked whether they want to meet Maya Chen.');
  await expect(ask.getByTestId('request-status')).toHaveText('Forwarded');
  await expect(ask.getByTestId('connector-ask-note')).toContainText('Maya led the design system');

  // Ines, told by text, agrees in her own browser: the double opt-in that finishes it.
  await expect.poll(() => textTo(ines, 'would like to introduce you'), { timeout: 20_000 }).toMatch(/^Vouch: Marcus Okafor would like to introduce you to Maya Chen, who asked to meet you\. Agree or decline within 14 days: http\S+introduction=\d+/);
  const target = await browserOf(browser, ines);
  const targetProblems = watchConsole(target);
  await target.goto(linkIn(await textTo(ines, 'would like to introduce you')));
  const asked = target.getByTestId('introduction').filter({ hasText: 'Maya Chen asked to meet you' });
  await expect(asked.getByTestId('introduction-status')).toHaveText('Awaiting you', { timeout: FIRST_LOAD_MS });
  await expect(asked).toHaveAttribute('data-linked', 'true');
  await expect(asked.getByTestId('introduction-note')).toContainText("Marcus Okafor's note: “Maya led the design system");
  await expect(asked.getByTestId('introduction-contact')).toHaveCount(0);
  expect(await seriousViolations(target)).toEqual([]);
  await asked.getByRole('button', { name: 'Agree to Introduction' }).click();
  await expectToast(target, 'Introduction Made', 'You and Maya Chen can now reach each other.');
  await expect(asked.getByTestId('introduction-contact')).toContainText(`Maya Chen · ${maya.phone.display}`);

  // Maya: introduced, with Ines's number; Marcus sees it happened.
  await requester.reload();
  await expect(card.getByTestId('request-status')).toHaveText('Completed', { timeout: FIRST_LOAD_MS });
  await expect(card.getByTestId('addressed-request-state')).toHaveText(`Ines Ortiz agreed: you are introduced, through Marcus Okafor. Their number: ${ines.phone.display}.`);
  expect(await seriousViolations(requester)).toEqual([]);
  await requester.screenshot({ path: testInfo.outputPath('addressed-request-done.png'), fullPage: true });
  await connector.reload();
  await expect(ask.getByTestId('connector-ask-outcome')).toHaveText('Ines Ortiz agreed: Maya Chen and Ines Ortiz are introduced.', { timeout: FIRST_LOAD_MS });

  expect(requesterProblems).toEqual([]);
  expect(connectorProblems).toEqual([]);
  expect(targetProblems).toEqual([]);
});
