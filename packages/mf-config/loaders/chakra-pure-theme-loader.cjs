// Marks Chakra's `defaultThemeConfig = defineConfig({...})` as pure. That unused export pulls
// every recipe Chakra ships into the bundle (~20 KB gzip): webpack cannot tell that the
// identity `defineConfig` call has no side effects, so it keeps the call and all it references
// (DESIGN §1a). With the annotation, webpack and terser drop it, and only the recipes our theme
// lists remain. If Chakra changes this line, the build still works; only the saving is lost
// (the first-load benchmark shows it).
module.exports = function chakraPureThemeLoader(source) {
  return source.replace(/(const\s+defaultThemeConfig\s*=\s*)(defineConfig\s*\()/, '$1/* @__PURE__ */ $2');
};
