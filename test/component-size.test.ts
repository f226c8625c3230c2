// A component file over 150 lines does more than one thing (issue #30): the frontends keep each
// screen in parts named for what they show, with rules in the feature's lib. This story fails the
// build the day a component grows past the limit again, in any remote (found by folder, so a new
// mf-* is covered the day it appears), the shell or the shared UI package. Functions of .ts
// source are held to 120 lines by the lint (max-lines-per-function, test/function-size.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isThrowawayWorkspace } from './support/throwaway-workspaces';

const root = path.resolve(__dirname, '..');
const MAX_LINES = 150;

/** The source folders that hold components: every remote's, the shell's and packages/ui's. */
function componentRoots(): string[] {
  const remotes = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-') && !isThrowawayWorkspace(entry.name))
    .map((entry) => `${entry.name}/src`);
  return [...remotes, 'shell/src', 'packages/ui/src'].filter((dir) => fs.existsSync(path.join(root, dir)));
}

function componentFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return componentFiles(rel);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [rel] : [];
  });
}

function lineCount(rel: string): number {
  const text = fs.readFileSync(path.join(root, rel), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('component size', () => {
  it('finds the component folders of every remote, the shell and the shared UI package', () => {
    const roots = componentRoots();
    expect(roots).toEqual(expect.arrayContaining(['mf-vouches/src', 'mf-network/src', 'shell/src', 'packages/ui/src']));
    expect(roots.flatMap(componentFiles).length).toBeGreaterThan(50);
  });

  it(`keeps every component file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = componentRoots()
      .flatMap(componentFiles)
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} has ${lines} lines; split it into parts named for what they show (rules into the feature's lib)`);
    expect(tooLong).toEqual([]);
  });
});
