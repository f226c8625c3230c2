/**
 * axe-core on a page (or only the part `include` selects): the serious and critical WCAG 2.1 A/AA
 * violations, one readable line each. Every browser spec asks this one function.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './layout';

export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Measured once nothing moves: a fading element reads with the wrong contrast.
  await animationsDone(page);
  // A toast fades out on its own timer, whatever the page does: left out, as it moves.
  const builder = new AxeBuilder({ page }).exclude('[data-scope="toast"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`);
}
