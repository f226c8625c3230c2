// The size rule over .ts code (issue 46): components are held to 150 lines a file
// (component-size.test.ts); a function of .ts source over 120 lines, blank lines and comments
// aside, fails the lint (eslint.config.mjs, max-lines-per-function). These stories prove the rule
// fires where it should and only there: source files anywhere, not tests.
import { lintProbes } from './support/lint-probes';

jest.setTimeout(120_000);

const MAX = 120;

/** A function of `lines` lines of code (its first and last included), a blank and a comment line between each two. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  // step ${i}\n\n  total += ${i};`).join('\n');
  return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

const probes = [
  { file: 'services/auth/src/d1/probe.ts', code: functionOf(MAX + 1) },
  { file: 'mf-vouches/src/features/vouches/lib/probe.ts', code: functionOf(MAX + 1) },
  { file: 'packages/contracts/src/probe.ts', code: functionOf(MAX) },
  { file: 'services/auth/test/probe.test.ts', code: functionOf(MAX + 1) },
];
let results: string[][];

beforeAll(() => {
  results = lintProbes(probes).map((messages) => messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message));
});

describe('the size rule over functions in .ts', () => {
  it(`refuses a function of ${MAX + 1} lines in a service's and in a remote's source, counting neither blank lines nor comments`, () => {
    expect(results[0]).toEqual([`Function 'long' has too many lines (${MAX + 1}). Maximum allowed is ${MAX}.`]);
    expect(results[1]).toEqual([`Function 'long' has too many lines (${MAX + 1}). Maximum allowed is ${MAX}.`]);
  });

  it(`allows ${MAX} lines, and a long test`, () => {
    expect(results[2]).toEqual([]);
    expect(results[3]).toEqual([]);
  });
});
