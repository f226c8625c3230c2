/**
 * The network map reads at 50 connections (issue 16): Mia vouches for 50 members with skills;
 * two of them vouch for further members (Mia's 2°). On desktop (1280×800) and a phone (390×844)
 * the drawn nodes and labels never overlap (the nodes' rectangles come from sigma's own
 * positions, exposed on the canvas as `data-node-boxes`; the labels are HTML boxes placed by
 * placeLabels), a node without a label names itself on hover, skill nodes appear, the first ring
 * at 2° stays clear of the centre, and the 1°/2° counts follow the centre.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { acceptedVouch, member, type Member, type StorageState } from './support/members';

interface Rect {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const FIRST_NAMES = ['Ada', 'Bo', 'Cyd', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivo', 'Jo'];
const LAST_NAMES = ['Hassan', 'Greene', 'Okafor', 'Lindqvist', 'Montgomery'];
const SKILLS = ['TypeScript', 'Product design', 'Data engineering', 'Sales', 'Finance'];
let mia: Member;
let state: StorageState;
const people: Member[] = [];

test.beforeAll(async () => {
  test.setTimeout(600_000);
  mia = await member('Mia', 'Centre');
  // 50 vouches in a month need a paid plan (local billing applies it at once).
  const upgraded = await mia.context.post('/api/subscriptions/create', { data: { plan: 'premium' } });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  for (let i = 0; i < 50; i += 1) {
    const person = await member(FIRST_NAMES[i % 10]!, `${LAST_NAMES[Math.floor(i / 10)]}${i}`);
    await acceptedVouch(mia, person, { skills: `${SKILLS[i % 5]}, Skill ${i}` });
    people.push(person);
  }
  for (let j = 0; j < 4; j += 1) await acceptedVouch(people[j % 2]!, await member(`Far${j}`, 'Away'), { skills: 'Go' });
  state = await mia.context.storageState();
});

test.afterAll(async () => {
  await Promise.all([mia, ...people].filter(Boolean).map((m) => m.context.dispose()));
});

async function mapPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ storageState: state, viewport });
  const page = await context.newPage();
  await page.goto('/network');
  await expect(page.getByTestId('degree-1')).toHaveText('1° (50)', { timeout: 45_000 });
  return page;
}

/** Node and label rectangles in the map's pixels, once the nodes stopped moving. */
async function drawn(page: Page): Promise<{ nodes: Rect[]; labels: Rect[]; size: { width: number; height: number } }> {
  const labels = page.getByTestId('network-labels');
  await expect(labels).toHaveAttribute('data-settled', 'true');
  await expect(labels.locator('[data-label-for]').first()).toBeVisible();
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="network-canvas"]')!;
    const origin = canvas.getBoundingClientRect();
    const boxes = JSON.parse(canvas.dataset.nodeBoxes ?? '[]') as { id: string; x: number; y: number; r: number }[];
    const nodes = boxes.map((b) => ({ id: b.id, left: b.x - b.r, top: b.y - b.r, right: b.x + b.r, bottom: b.y + b.r }));
    const labels = [...document.querySelectorAll<HTMLElement>('[data-label-for]')].map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.dataset.labelFor!, left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
    });
    return { nodes, labels, size: { width: origin.width, height: origin.height } };
  });
}

const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** A node is a circle: its bounding square would count the corners, so test the circle. */
const circleMeets = (node: Rect, box: Rect) => {
  const r = (node.right - node.left) / 2;
  const cx = node.left + r;
  const cy = node.top + r;
  const nx = Math.min(Math.max(cx, box.left), box.right);
  const ny = Math.min(Math.max(cy, box.top), box.bottom);
  return Math.hypot(cx - nx, cy - ny) < r;
};

function collisions(nodes: Rect[], labels: Rect[]): string[] {
  const found: string[] = [];
  for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) if (overlap(a, b)) found.push(`label ${a.id} × label ${b.id}`);
  for (const label of labels) for (const node of nodes) if (circleMeets(node, label)) found.push(`label ${label.id} × node ${node.id}`);
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const ra = (a.right - a.left) / 2;
      const rb = (b.right - b.left) / 2;
      if (Math.hypot(a.left + ra - (b.left + rb), a.top + ra - (b.top + rb)) < ra + rb) found.push(`node ${a.id} × node ${b.id}`);
    }
  }
  return found;
}

for (const [name, viewport, minimumLabels] of [
  ['desktop', { width: 1280, height: 800 }, 25],
  ['phone', { width: 390, height: 844 }, 10],
] as const) {
  test(`on ${name}, 50 connections and their skills draw without a single overlap`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const page = await mapPage(browser, viewport);
    const { nodes, labels, size } = await drawn(page);
    // Me, the 50 and the skills most of them share.
    expect(nodes.length).toBeGreaterThanOrEqual(51 + 5);
    expect(nodes.filter((n) => n.id.startsWith('skill:')).length).toBeGreaterThanOrEqual(5);
    expect(collisions(nodes, labels)).toEqual([]);
    for (const label of labels) {
      expect(label.left).toBeGreaterThanOrEqual(0);
      expect(label.right).toBeLessThanOrEqual(size.width + 0.5);
    }
    expect(labels.length).toBeGreaterThanOrEqual(minimumLabels);
    expect(labels.map((l) => l.id)).toContain(nodes[0]!.id);
    await page.screenshot({ path: testInfo.outputPath(`map-50-${name}.png`), fullPage: true });

    // A node without a label names itself on hover.
    const unlabelled = nodes.find((n) => !labels.some((l) => l.id === n.id) && n.id.startsWith('person:'));
    if (unlabelled) {
      const box = (await page.getByTestId('network-canvas').boundingBox())!;
      await page.mouse.move(box.x + (unlabelled.left + unlabelled.right) / 2, box.y + (unlabelled.top + unlabelled.bottom) / 2);
      await expect(page.getByTestId('network-hover-label')).toBeVisible();
    }
    // The skills are in the list view too.
    await page.getByTestId('network-list-view').locator('summary').click();
    await expect(page.getByRole('button', { name: 'Recentre on TypeScript' })).toContainText('Skill');
  });
}

test('at 2° the first ring stays clear of the centre, also on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await mapPage(browser, viewport);
    await page.getByTestId('degree-2').click();
    await expect(page.getByTestId('network-map').locator('[data-degree="2"]')).toBeVisible();
    const { nodes, labels } = await drawn(page);
    expect(collisions(nodes, labels)).toEqual([]);
    await page.context().close();
  }
});

test('the 1°/2° counts follow the centre', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await mapPage(browser, { width: 1280, height: 800 });
  await expect(page.getByTestId('degree-2')).toHaveText('2° (4)');
  await page.getByTestId('network-list-view').locator('summary').click();
  // Ada has Mia, her two far members and two skills: 3 people at 1°; 49 others through Mia at 2°.
  await page.getByRole('button', { name: `Recentre on ${people[0]!.name}` }).click();
  await expect(page.getByTestId('degree-1')).toHaveText('1° (3)');
  await expect(page.getByTestId('degree-2')).toHaveText('2° (49)');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('degree-1')).toHaveText('1° (50)');
});
