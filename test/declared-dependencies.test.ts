// Every workspace's package.json declares what its src/ imports: a package used without being
// declared works only while another workspace happens to install it (npm hoists it to the root),
// and breaks the day that one drops it. Imports are read by TypeScript's own pre-processor, so
// `import type`, `export ... from`, `import()`, `require()` and module augmentations all count;
// a name whose types come from DefinitelyTyped is declared by its @types package.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { isThrowawayWorkspace } from './support/throwaway-workspaces';

const root = path.resolve(__dirname, '..');

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace folders of the root package.json, its patterns (`packages/*`, `mf-*`) expanded. */
function workspaceDirs(): string[] {
  return (readManifest('.').workspaces ?? []).flatMap((pattern) => {
    if (!pattern.includes('*')) return [pattern];
    const parent = path.posix.dirname(pattern);
    const name = new RegExp(`^${path.posix.basename(pattern).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return fs.readdirSync(path.join(root, parent), { withFileTypes: true }).filter((d) => d.isDirectory() && name.test(d.name)).map((d) => path.posix.join(parent, d.name));
  }).filter((dir) => !isThrowawayWorkspace(dir) && fs.existsSync(path.join(root, dir, 'package.json')));
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(c|m)?[jt]sx?$/.test(entry.name) ? [file] : [];
  });
}

/** The package an import names ('@scope/name' or 'name'), or null for a relative path or a Node built-in. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const [first = '', second = ''] = specifier.split('/');
  const name = specifier.startsWith('@') ? `${first}/${second}` : first;
  return builtinModules.includes(name) ? null : name;
}

/** '@types/express' for 'express', '@types/babel__core' for '@babel/core'. */
const typesOf = (name: string): string => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** "<package> (<file>)" for each package the workspace's src/ imports without declaring it. */
function undeclaredImports(dir: string): string[] {
  const manifest = readManifest(dir);
  const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })]);
  const missing = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, dir, 'src'))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const name = packageOf(fileName);
      if (name && !declared.has(name) && !declared.has(typesOf(name)) && !missing.has(name)) missing.set(name, path.relative(root, file));
    }
  }
  return [...missing].map(([name, file]) => `${name} (${file})`);
}

describe('declared dependencies', () => {
  const dirs = workspaceDirs();

  it('finds the workspaces', () => {
    expect(dirs).toEqual(expect.arrayContaining(['api-gateway', 'shell', 'packages/shell-sdk', 'services/auth', 'mf-subscription']));
  });

  it.each(dirs)('%s declares every package its src/ imports', (dir) => {
    expect(undeclaredImports(dir)).toEqual([]);
  });

  it('reads a scoped package, a subpath, and skips relative paths and Node built-ins', () => {
    expect(packageOf('@module-federation/enhanced/runtime')).toBe('@module-federation/enhanced');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('./lib/usage')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('path')).toBeNull();
  });
});
