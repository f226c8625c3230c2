/**
 * Issue 28 item 10 on a phone (390×844): the Introductions tabs stay on one line, the network map
 * names its nodes (shortened when a whole name does not fit) and every node is a tap target of at
 * least 24 px, and the Request Intro dialog's buttons stay where they are when switching tabs.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './support/console';
import { acceptedVouch, member, type Member, type StorageState } from './support/members';

const PHONE = { width: 390, height: 844 };
const FIRST = ['Ada', 'Bo', 'Cyd', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivo', 'Jo', 'Kit', 'Lu'];
const SKILLS = ['TypeScript', 'Sales', 'Finance', 'Design'];
let pia: Member;
let state: StorageState;
const people: Member[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pia = await member('Pia', 'Phone');
  for (const [i, first] of FIRST.entries()) {
    const person = await member(first, `Montgomery${i}`);
    await acceptedVouch(pia, person, { skills: SKILLS[i % SKILLS.length] });
    people.push(person);
  }
  state = await pia.context.storageState();
});

test.afterAll(async () => {
  await Promise.all([pia, ...people].filter(Boolean).map((m) => m.context.dispose()));
});

async function phonePage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ storageState: state, viewport: PHONE })).newPage();
  await page.goto(path);
  return page;
}

test('the map names every person on a phone and a tap beside a small node selects it', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser, '/network');
  const problems = watchConsole(page);
  await expect(page.getByTestId('degree-1')).toHaveText(`1° (${FIRST.length})`, { timeout: 45_000 });
  const labels = page.getByTestId('network-labels');
  await expect(labels).toHaveAttribute('data-settled', 'true');
  const drawn = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="network-canvas"]')!;
    const nodes = JSON.parse(canvas.dataset.nodeBoxes ?? '[]') as { id: string; x: number; y: number; r: number }[];
    const named = [...document.querySelectorAll<HTMLElement>('[data-label-for]')].map((el) => ({ id: el.dataset.labelFor!, text: el.textContent ?? '' }));
    return { nodes, named };
  });
  await page.screenshot({ path: testInfo.outputPath('map-phone.png'), fullPage: true });
  const persons = drawn.nodes.filter((n) => !n.id.startsWith('skill:'));
  expect(persons.length).toBe(FIRST.length + 1);
  // Every person is named, whole or shortened ("Ada M.", "Ada").
  expect(persons.filter((n) => !drawn.named.some((l) => l.id === n.id)).map((n) => n.id)).toEqual([]);
  for (const label of drawn.named) expect(label.text.trim().length).toBeGreaterThan(0);

  // The smallest node away from the others: a tap outside its circle but within 12 px of its centre selects it.
  const clear = (n: { x: number; y: number }) => drawn.nodes.every((o) => o === n || Math.hypot(o.x - n.x, o.y - n.y) > 30);
  const small = drawn.nodes.filter((n) => n.r < 11 && clear(n) && n !== drawn.nodes[0]).sort((a, b) => a.r - b.r)[0];
  expect(small, 'a node drawn smaller than its 24 px target').toBeDefined();
  const box = (await page.getByTestId('network-canvas').boundingBox())!;
  const offset = (small!.r + 12) / 2;
  await page.mouse.click(box.x + small!.x, box.y + small!.y + offset);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('the Introductions tabs are one line at 390 px, and Request Intro keeps its buttons in place between its tabs', async ({ browser }) => {
  const page = await phonePage(browser, '/introduction-requests');
  const tabs = page.getByTestId('introduction-tabs').getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await tabs.nth(i).boundingBox())!));
  const line = (await page.getByTestId('introduction-tabs').boundingBox())!;
  for (const b of boxes) {
    expect(Math.abs(b.y - boxes[0]!.y), 'all on one row').toBeLessThan(1);
    expect(b.height, 'no label over two lines').toBeLessThan(48);
  }
  expect(line.height).toBeLessThan(boxes[0]!.height + 4);

  await page.getByRole('button', { name: 'Request Introduction', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request an Introduction' });
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  // Measured once the dialog's opening animation is over.
  const settled = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await settled();
  const before = (await cancel.boundingBox())!;
  await dialog.getByRole('tab', { name: 'Network Analysis' }).click();
  await expect(dialog.getByRole('button', { name: 'Continue to request' })).toBeVisible();
  await settled();
  expect(await cancel.boundingBox(), 'Cancel stays where it was').toEqual(before);
  await dialog.getByRole('button', { name: 'Continue to request' }).click();
  await expect(dialog.getByRole('button', { name: 'Create Request' })).toBeVisible();
  await settled();
  expect(await cancel.boundingBox(), 'Cancel stays where it was').toEqual(before);
  await page.context().close();
});
