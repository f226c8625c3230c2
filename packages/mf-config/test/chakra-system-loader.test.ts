import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const loader = require('../loaders/chakra-system-loader.cjs') as (this: { resourcePath: string }, source: string) => string;

const styledSystem = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'styled-system');
const run = (file: string, source = fs.readFileSync(path.join(styledSystem, file), 'utf8')) => loader.call({ resourcePath: path.join(styledSystem, file) }, source);

describe("Chakra's system, cheaper to build (issue 17)", () => {
  it('computes the global CSS of the installed Chakra on first read of _global, not in createSystem', () => {
    const out = run('system.js');
    expect(out).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(out).toContain('get _global() {');
    expect(out).toContain('return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];');
  });

  it("answers the installed Chakra's has(condition) from a Set built once", () => {
    const out = run('conditions.js');
    expect(out).not.toContain('keys().includes(key)');
    expect(out).toContain('let conditionKeys;');
    expect(out).toContain('(conditionKeys ??= new Set(Object.keys(values))).has(key)');
  });

  it("resolves the installed Chakra's style property values on first use and their TypeScript types only for getTypes()", () => {
    const out = run('utility.js');
    expect(out).toContain('const value = valuesOf(key)?.[raw];');
    expect(out).not.toContain('propValues.get(key)?.[raw]');
    // build() no longer walks every property; getTypes() does, once.
    expect(out).toMatch(/function build\(\) \{\n {4}assignShorthands\(\);\n {4}assignColorPaletteProperty\(\);\n {2}\}/);
    expect(out).toContain('if (!typesAssigned) {\n      typesAssigned = true;\n      assignPropertyTypes();');
  });

  it('builds the same system as the installed Chakra, at once or a step at a time', () => {
    // The loader's copy of Chakra's ESM build in a folder whose node_modules is ours, so its
    // imports of other packages resolve as the original's do.
    const esm = path.join(styledSystem, '..');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chakra-loader-'));
    try {
      fs.symlinkSync(path.join(esm, '..', '..', '..', '..'), path.join(dir, 'node_modules'));
      const copy = path.join(dir, 'esm');
      fs.cpSync(esm, copy, { recursive: true });
      for (const file of ['system.js', 'conditions.js', 'utility.js', 'token-dictionary.js']) {
        const target = path.join(copy, 'styled-system', file);
        const out = loader.call({ resourcePath: target }, fs.readFileSync(target, 'utf8'));
        expect(out).not.toBe(fs.readFileSync(target, 'utf8'));
        fs.writeFileSync(target, out);
      }
      const printed = execFileSync(process.execPath, [path.join(__dirname, 'fixtures', 'chakra-system-equivalence.mjs'), esm, copy], { encoding: 'utf8' });
      const [installed, changed] = printed.trim().split('\n').map((line) => JSON.parse(line));
      expect(installed.stepped).toBeNull();
      // After merging, five in the token dictionary, after it, after the utility, after the compositions.
      expect(changed.stepped.pauses).toBe(9);
      expect(changed.stepped.tokenCss).toEqual(installed.global[2]);
      // The property types (read by Chakra's typegen only) are the same, in another order.
      const sorted = (types: [string, string[]][]) => [...types].sort(([a], [b]) => a.localeCompare(b));
      expect(sorted(changed.types)).toEqual(sorted(installed.types));
      expect({ ...changed, stepped: null, types: null }).toEqual({ ...installed, types: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the build when a replacement no longer applies, naming the loader, the file and the Chakra version', () => {
    const version = (JSON.parse(fs.readFileSync(require.resolve('@chakra-ui/react/package.json'), 'utf8')) as { version: string }).version;
    const stale = (file: string) => new RegExp(`chakra-system-loader\\.cjs: @chakra-ui/react ${version.replace(/\./g, '\\.')} changed dist/esm/styled-system/${file.replace('.', '\\.')}: it no longer contains \`.+\`\\. Update the replacement in packages/mf-config/loaders/chakra-system-loader\\.cjs`);
    const changed = 'function createSystem() { const _global = computeIt(); return { _global }; }';
    expect(() => run('system.js', changed)).toThrow(stale('system.js'));
    // Any one of the utility's replacements missing stops it too.
    const utility = fs.readFileSync(path.join(styledSystem, 'utility.js'), 'utf8').replace('    assignPropertyTypes();\n  }\n', '  }\n');
    expect(() => run('utility.js', utility)).toThrow(stale('utility.js'));
    // A file it has no replacement for passes through.
    expect(run('css.js', 'return keys().includes(key) ||')).toBe('return keys().includes(key) ||');
  });

  it("marks the installed Chakra's default theme pure, and stops the build with the same sentence when that line changed", () => {
    const pure = require('../loaders/chakra-pure-theme-loader.cjs') as (this: { resourcePath: string }, source: string) => string;
    const theme = path.join(styledSystem, '..', 'theme', 'index.js');
    const source = fs.readFileSync(theme, 'utf8');
    expect(pure.call({ resourcePath: theme }, source)).toMatch(/const\s+defaultThemeConfig\s*=\s*\/\* @__PURE__ \*\/ defineConfig\s*\(/);
    expect(() => pure.call({ resourcePath: theme }, source.replace(/defaultThemeConfig/g, 'themeConfig'))).toThrow(
      /chakra-pure-theme-loader\.cjs: @chakra-ui\/react \S+ changed dist\/esm\/theme\/index\.js: it no longer contains `.+`\. Update the replacement/,
    );
  });
});
