import fs from 'node:fs';
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

  it('leaves a file it does not recognise as it is (a Chakra upgrade loses the saving, not the build)', () => {
    const changed = 'function createSystem() { const _global = computeIt(); return { _global }; }';
    expect(run('system.js', changed)).toBe(changed);
    expect(run('css.js', 'return keys().includes(key) ||')).toBe('return keys().includes(key) ||');
  });
});
