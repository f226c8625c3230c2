/**
 * Issue 44 item 5: a member sees what moved their score. Marcus (vouched for by two founders)
 * vouches for Maya; Maya accepts in her browser; in a second browser, Maya's Stats shows "Why this
 * score": Marcus, trusted by 2, with what his vouch adds, the change it made, and the bound.
 * Axe finds no serious violation in the new section.
 */
import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';
import { acceptedVouch, createRecommendation, member, type Member } from './support/members';
import { seriousViolations } from './support/axe';

let marcus: Member;
let maya: Member;

test.beforeAll(async () => {
  const founders = [await member('Fern', 'Founder'), await member('Finn', 'Founder')];
  marcus = await member('Marcus', 'Chen');
  maya = await member('Maya', 'Explained');
  for (const founder of founders) await acceptedVouch(founder, marcus);
  await acceptedVouch(founders[0]!, founders[1]!);
});

test('a vouch accepted in one browser is explained on Stats in another', async ({ browser }) => {
  test.setTimeout(90_000);
  await createRecommendation(marcus, { name: 'Maya Explained', phone: maya.phone }, { reason: 'We shipped the payments rewrite together.' });

  const accepting = await browser.newContext({ storageState: await maya.context.storageState() });
  const acceptPage = await accepting.newPage();
  await acceptPage.goto('/pending-vouches');
  const card = acceptPage.getByTestId('received-vouch').filter({ hasText: 'Marcus Chen' });
  await card.getByRole('button', { name: 'Accept Vouch' }).click();
  await expect(acceptPage.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Vouch Accepted' })).toBeVisible();

  const reading = await browser.newContext({ storageState: await maya.context.storageState() });
  const page = await reading.newPage();
  const problems = watchConsole(page);
  // The worker scores the accept a moment after it: read Stats again until Marcus is explained.
  const why = page.getByTestId('why-this-score');
  await expect(async () => {
    await page.goto('/stats');
    await expect(why.getByTestId('score-lines')).toContainText('Marcus Chen, trusted by 2, vouched for you', { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  await expect(why.getByRole('heading', { name: 'Why this score' })).toBeVisible();
  const shown = (await page.getByTestId('stats-reputation-percent').innerText()).trim();
  await expect(why).toContainText(`Your ${shown} is made of`);
  const line = why.getByTestId('score-lines').getByRole('listitem').filter({ hasText: 'Marcus Chen' });
  await expect(line).toHaveText(/^(\+\d+|0)\s*Marcus Chen, trusted by 2, vouched for you$/);
  await expect(why).toContainText("One vouch's own share of your score is at most 16 points.");
  if (Number(shown) > 0) {
    // The accept moved the score as shown: the change, and Marcus as what moved it.
    await expect(why.getByTestId('score-last-change')).toHaveText(new RegExp(`^Your score went from 0 to ${shown} on .+\\.$`));
    await expect(why.getByTestId('score-change-lines')).toContainText('Marcus Chen, trusted by 2, vouched for you');
  } else {
    // Marcus's own trust reaches no seed in this network: nothing shown moved, so no change is claimed.
    await expect(why.getByTestId('score-last-change')).toHaveCount(0);
  }

  // The dashboard's reputation panel leads here.
  await page.goto('/dashboard');
  await page.getByTestId('reputation-panel').getByRole('link', { name: 'Why this score?' }).click();
  await expect(page).toHaveURL(/\/stats#why-this-score$/);
  await expect(why).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="why-this-score"]')).toEqual([]);
  expect(problems).toEqual([]);
  await accepting.close();
  await reading.close();
});
