/**
 * The ONE shared-singleton map every app's Module Federation config uses (DESIGN §1a).
 *
 * Why these keys and no others: a shared module is bundled whole, without tree-shaking, so
 * Chakra, react-router and react-query are shared only through our two thin wrappers
 * (@vouch/ui and @vouch/shell-sdk, whose `/base` part carries no react-query), which re-export
 * just what the apps use. The trailing-slash keys share deep imports (`react/jsx-runtime`,
 * `react-dom/client`) as the same singletons.
 *
 * Never `eager`: every app's `src/index.ts` is only `import('./bootstrap')`, which gives the
 * runtime the asynchronous boundary it needs to negotiate versions before React loads.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  // Not @emotion/react: only Chakra uses it, inside the @vouch/ui singleton, so the page still
  // holds one emotion (one cache, one theme context), tree-shaken to what Chakra imports
  // instead of shared whole (first load: see README).
  '@vouch/ui',
  '@vouch/shell-sdk',
  // The SDK's landing-page part (router, API client, remotes) without react-query: the shell's
  // first load uses only this one, the full SDK loads behind the landing page.
  '@vouch/shell-sdk/base',
] as const;

export interface SharedEntry {
  singleton: true;
  eager: false;
  requiredVersion?: false;
}

/**
 * Builds the `shared` option. `requiredVersion: false` where no range can be inferred: a
 * trailing-slash key has no package.json entry of its own, and our two wrapper packages are
 * workspace siblings built from the same commit (a range on "0.1.0" would say nothing).
 * React and react-dom infer their range from the consuming app's package.json.
 */
export function sharedSingletons(): Record<string, SharedEntry> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => [
      key,
      key.endsWith('/') || key.startsWith('@vouch/') ? { singleton: true, eager: false, requiredVersion: false } : { singleton: true, eager: false },
    ]),
  ) as Record<string, SharedEntry>;
}
