// Changes to Chakra's styled system that make building the theme's system (createSystem)
// cheaper on the page's start, where it is the largest single task on a phone (issue 17):
// - system.js: the global CSS (preflight, global styles and every token's CSS variable, about
//   half of createSystem's time) is computed on first read of `_global` (ChakraProvider's
//   render, a task of its own) instead of inside createSystem.
// - conditions.js: `has(key)` looked the key up in a fresh `Object.keys()` of ~100 conditions on
//   every call (once per CSS variable and style path); a Set built once answers the same.
// - utility.js: createUtility resolved every style property's token values (colours for each of
//   ~40 colour properties, sizes, spacing…) and, for each, the property's TypeScript types (read
//   only by Chakra's typegen CLI, never in a page): most of createSystem's remaining time. The
//   values are resolved on a property's first use instead (its first style), the types on the
//   first getTypes().
// - system.js: createSystem is also there a step at a time, `createSystem.steps(...configs)`, a
//   generator that pauses after merging the configs, within and after the token dictionary
//   (token-dictionary.js gets `createTokenDictionary.steps` the same way), after the utility and
//   after the compositions: @vouch/ui's prepareVouchSystem() runs each step in a task
//   of its own. createSystem itself runs every step at once, as before.
// Each replacement is exact: if Chakra changes a line, the build stops with a sentence naming
// this loader, the file and the Chakra version (exact-replacements.cjs); nothing is skipped.
const { replaceExactly } = require('./exact-replacements.cjs');

const GLOBAL_EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const GLOBAL_LAZY = 'let _global;';
const GLOBAL_FIELD = '    _global,\n';
const GLOBAL_GETTER = '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n';

// system.js, in steps: the same body as a generator with four pauses; createSystem runs it through.
const SYSTEM_STEPS = [
  [
    'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n',
    'function createSystem(...configs) {\n  const steps = createSystemSteps(...configs);\n  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n' +
      'createSystem.steps = createSystemSteps;\n' +
      // The token dictionary's own steps (below), where that file was changed too.
      'const tokenDictionarySteps = createTokenDictionary.steps ?? function* (options) {\n  return createTokenDictionary(options);\n};\n' +
      'function* createSystemSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;\n',
  ],
  ['  const tokens = createTokenDictionary({\n', '  const tokens = yield* tokenDictionarySteps({\n'],
  ['  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);\n', '  yield;\n  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);\n'],
  ['  function assignComposition() {\n', '  yield;\n  function assignComposition() {\n'],
  ['  const tokenMap = getTokenMap(tokens);\n', '  yield;\n  const tokenMap = getTokenMap(tokens);\n'],
];

// token-dictionary.js, in steps: registering, the pre transforms, references, their expansion,
// the post transforms, the views (createTokenDictionary.steps, which createSystem's steps run).
const DICTIONARY_STEPS = [
  [
    'function createTokenDictionary(options) {\n',
    'function createTokenDictionary(options) {\n  const steps = createTokenDictionarySteps(options);\n  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n' +
      'createTokenDictionary.steps = createTokenDictionarySteps;\n' +
      'function* createTokenDictionarySteps(options) {\n',
  ],
  [
    '  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }\n',
    '  function* build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    yield;\n    addConditionalTokens();\n    addReferences();\n    yield;\n    expandTokenReferences$1();\n    yield;\n    applyMiddlewares("post");\n    applyTransforms("post");\n    yield;\n    setupViews();\n  }\n',
  ],
  ['  registerMiddleware(...tokenMiddlewares);\n  build();\n  return dictionary;\n', '  registerMiddleware(...tokenMiddlewares);\n  yield;\n  yield* build();\n  return dictionary;\n'],
];

const HAS_SLOW = 'return keys().includes(key) ||';
const HAS_FAST = 'return (conditionKeys ??= new Set(Object.keys(values))).has(key) ||';
const KEYS_FN = '  function keys() {';

// utility.js, resolved on first use: values per property, types on getTypes().
const UTILITY = [
  [
    '  const assignProperty = (property, config) => {\n    const values = getPropertyValues(config);\n    if (!values) return;\n    propValues.set(property, values);\n    assignPropertyType(property, config);\n  };\n',
    '  const assignProperty = (property) => {\n    propValues.delete(property);\n    typesAssigned = false;\n  };\n' +
      '  let typesAssigned = false;\n' +
      '  const valuesOf = (property) => {\n    if (!propValues.has(property)) {\n      const config = configs[property];\n      propValues.set(property, config ? getPropertyValues(config) : undefined);\n    }\n    return propValues.get(property);\n  };\n',
  ],
  ['    const value = propValues.get(key)?.[raw];\n', '    const value = valuesOf(key)?.[raw];\n'],
  ['    assignProperties();\n    assignPropertyTypes();\n  }\n', '  }\n'],
  ['  const getTypes = () => {\n', '  const getTypes = () => {\n    if (!typesAssigned) {\n      typesAssigned = true;\n      assignPropertyTypes();\n    }\n'],
];

module.exports = function chakraSystemLoader(source) {
  const file = this.resourcePath;
  const replace = (pairs) => replaceExactly(__filename, file, source, pairs);
  if (/styled-system[\\/]system\.js$/.test(file)) return replace([[GLOBAL_EAGER, GLOBAL_LAZY], [GLOBAL_FIELD, GLOBAL_GETTER], ...SYSTEM_STEPS]);
  if (/styled-system[\\/]conditions\.js$/.test(file)) return replace([[HAS_SLOW, HAS_FAST], [KEYS_FN, `  let conditionKeys;\n${KEYS_FN}`]]);
  if (/styled-system[\\/]utility\.js$/.test(file)) return replace(UTILITY);
  if (/styled-system[\\/]token-dictionary\.js$/.test(file)) return replace(DICTIONARY_STEPS);
  return source;
};
