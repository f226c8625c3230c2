// Marks Chakra's `defaultThemeConfig = defineConfig({...})` as pure. That unused export pulls
// every recipe Chakra ships into the bundle (~20 KB gzip): webpack cannot tell that the
// identity `defineConfig` call has no side effects, so it keeps the call and all it references
// (DESIGN §1a). With the annotation, webpack and terser drop it, and only the recipes our theme
// lists remain. If Chakra changes this line, the build stops with a sentence naming the file and
// the Chakra version (exact-replacements.cjs), rather than quietly losing the saving.
const { replaceExactly } = require('./exact-replacements.cjs');

module.exports = function chakraPureThemeLoader(source) {
  return replaceExactly(__filename, this.resourcePath, source, [[/(const\s+defaultThemeConfig\s*=\s*)(defineConfig\s*\()/, '$1/* @__PURE__ */ $2']]);
};
