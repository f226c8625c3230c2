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

  it('leaves a file it does not recognise as it is (a Chakra upgrade loses the saving, not the build)', () => {
    const changed = 'function createSystem() { const _global = computeIt(); return { _global }; }';
    expect(run('system.js', changed)).toBe(changed);
    expect(run('css.js', 'return keys().includes(key) ||')).toBe('return keys().includes(key) ||');
    // Any one of the utility's replacements missing: none is made.
    const utility = fs.readFileSync(path.join(styledSystem, 'utility.js'), 'utf8').replace('    assignPropertyTypes();\n  }\n', '  }\n');
    expect(run('utility.js', utility)).toBe(utility);
  });
});
