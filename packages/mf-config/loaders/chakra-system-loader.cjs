// Two changes to Chakra's styled system that make building the theme's system (createSystem)
// cheaper on the page's start, where it is the largest single task on a phone (issue 17):
// - system.js: the global CSS (preflight, global styles and every token's CSS variable, about
//   half of createSystem's time) is computed on first read of `_global` (ChakraProvider's
//   render, a task of its own) instead of inside createSystem.
// - conditions.js: `has(key)` looked the key up in a fresh `Object.keys()` of ~100 conditions on
//   every call (once per CSS variable and style path); a Set built once answers the same.
// Each replacement is exact: if Chakra changes a line, it is left as it is and the build still
// works; only the saving is lost (bench/lighthouse.bench.mjs shows it).
const GLOBAL_EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const GLOBAL_LAZY = 'let _global;';
const GLOBAL_FIELD = '    _global,\n';
const GLOBAL_GETTER = '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n';

const HAS_SLOW = 'return keys().includes(key) ||';
const HAS_FAST = 'return (conditionKeys ??= new Set(Object.keys(values))).has(key) ||';
const KEYS_FN = '  function keys() {';

function replaceBoth(source, [from1, to1], [from2, to2]) {
  if (!source.includes(from1) || !source.includes(from2)) return source;
  return source.replace(from1, to1).replace(from2, to2);
}

module.exports = function chakraSystemLoader(source) {
  if (/styled-system[\\/]system\.js$/.test(this.resourcePath)) return replaceBoth(source, [GLOBAL_EAGER, GLOBAL_LAZY], [GLOBAL_FIELD, GLOBAL_GETTER]);
  if (/styled-system[\\/]conditions\.js$/.test(this.resourcePath)) return replaceBoth(source, [HAS_SLOW, HAS_FAST], [KEYS_FN, `  let conditionKeys;\n${KEYS_FN}`]);
  return source;
};
