/**
 * Vouch has one colour scheme, the light one: nothing sets Chakra's `.dark` class. Chakra's
 * semantic tokens still carry a `{ _light, _dark }` pair for every colour, and building the
 * system's conditional tokens and their dark CSS variables was half the cost of creating the
 * theme (`createSystem`), which every page pays in one task before its first render (issue 17,
 * Total Blocking Time on a phone). Keeping only the light value gives the page the same colours.
 */
type Tokens = Record<string, unknown>;

function isSchemePair(value: unknown): value is { _light: unknown; _dark: unknown } {
  return !!value && typeof value === 'object' && '_light' in value && '_dark' in value && Object.keys(value).length === 2;
}

/** The tokens with every `{ _light, _dark }` value replaced by its `_light` value, at any depth. */
export function lightSchemeOnly<T extends Tokens>(tokens: T): T {
  const visit = (value: unknown): unknown => {
    if (isSchemePair(value)) return visit(value._light);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(inner)]));
  };
  return visit(tokens) as T;
}
