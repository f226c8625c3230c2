import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Collects everything a page reports as broken: console errors, uncaught exceptions and any
 * message mentioning ChunkLoadError (whatever its level). `allow` names expected messages.
 */
export function watchConsole(page: Page, allow: (message: ConsoleMessage) => boolean = () => false) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/ChunkLoadError|Loading chunk .* failed/i.test(text)) problems.push(`[${message.type()}] ${text}`);
    else if (message.type() === 'error' && !allow(message)) problems.push(`[console.error] ${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`[pageerror] ${error.name}: ${error.message}`));
  return problems;
}
