// Fills in @vouch/ui's GLOBAL_CSS (packages/ui/src/global-css.ts says why) with the theme's global
// stylesheet, printed by packages/ui/scripts/global-css.ts in a Node process of its own (it needs
// the theme's TypeScript and emotion's server path, neither of which this build process runs).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

// Through the package's exports (`@vouch/ui/scripts/global-css`), wherever the package is installed.
const SCRIPT = require.resolve('@vouch/ui/scripts/global-css');
const UI = path.dirname(path.dirname(SCRIPT));
const DECLARATION = 'export const GLOBAL_CSS: string | null = null;';

module.exports = function chakraGlobalCssLoader(source) {
  if (!source.includes(DECLARATION)) throw new Error(`${this.resourcePath}: no \`${DECLARATION}\` to fill in`);
  // The stylesheet changes with the theme: rebuild when it does (watch mode).
  for (const file of ['system.ts', 'light-scheme.ts', 'global-css-text.ts']) this.addDependency(path.join(UI, 'src', file));
  const printed = execFileSync(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: UI, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return source.replace(DECLARATION, `export const GLOBAL_CSS: string | null = ${JSON.stringify(printed)};`);
};
