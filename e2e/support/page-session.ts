import type { Page } from '@playwright/test';

/**
 * The page's HTML without the session the gateway inlines (issue 41), as when the gateway could
 * not read it: the app then asks GET /api/auth/session itself, the path these tests hold back.
 */
export async function withoutPageSession(page: Page): Promise<void> {
  await page.route(
    (url) => !/^\/(api|mf)\//.test(url.pathname) && !url.pathname.split('/').pop()!.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      // A page the gateway could not read the session for carries neither the session nor a signed-in first screen.
      const body = (await response.text()).replace(/<script type="application\/json" id="vouch-session">.*?<\/script>/, '').replace(/<div id="first-screen"><div class="fs-app">[\s\S]*?(?=<div id=root>)/, '');
      return route.fulfill({ response, body });
    },
  );
}
