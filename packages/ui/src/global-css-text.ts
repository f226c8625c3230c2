/**
 * Node only (the build, tests): the CSS text emotion writes for a system's global styles. Kept
 * out of ./index.ts, so no page carries emotion's server path.
 */
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/**
 * What ChakraProvider's `<Global styles={system._global} />` inserts, as one string: the same
 * serialisation (@emotion/serialize) and the same stylis pipeline and plugins (@emotion/cache's
 * server path returns the rules instead of inserting them).
 */
export function globalCssText(system: SystemContext): string {
  if (typeof document !== 'undefined') throw new Error('globalCssText runs in Node (emotion inserts the rules in a browser instead of returning them)');
  const cache = createCache({ key: 'css' });
  const serialized = serializeStyles([system._global], undefined, {});
  const rules = cache.insert('', serialized, cache.sheet, false);
  if (typeof rules !== 'string') throw new Error("emotion's cache returned no rules");
  return rules;
}
