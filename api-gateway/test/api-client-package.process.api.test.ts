// Issue 29 item 9, issue 45: @vouch/api-client ships. `npm pack` makes a tarball of only what a user needs, with a
// manifest ready for `npm publish` (licence, repository, publishConfig; an exports map naming only shipped files);
// it installs into an empty project outside the repository with npm offline (no runtime
// dependency to fetch); its README's Quick start runs there with plain Node (no tsx, no
// TypeScript) against a running gateway, and a TypeScript user gets its declarations.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src';
import { describeEachDatabase, newPhone } from './support';
import { launch, type RunningProcess } from './support/gateway-process';

// Packing builds dist/ (esbuild and tsc), and a gateway starts from source.
jest.setTimeout(240_000);

const PACKAGE_DIR = path.join(REPO_ROOT, 'packages', 'api-client');
const npm = (args: string[], cwd: string) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

/** The first ```js block under "## Quick start" in the package README. */
function quickStart(): string {
  const readme = fs.readFileSync(path.join(PACKAGE_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```js\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('packages/api-client/README.md has no ```js block under "## Quick start"');
  return block[1]!;
}

// What a user installs does not depend on the database: packed and installed once for the file.
describe('@vouch/api-client as a user installs it', () => {
  let project: string;
  let packed: { filename: string; files: { path: string }[] };

  beforeAll(() => {
    // Outside the repository: no workspace, no node_modules above it to lean on.
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-sdk-user-'));
    // As `npm publish` packs: prepack builds dist/ and writes the published manifest, postpack puts the repository's back.
    const [info] = JSON.parse(npm(['pack', '--json', '--pack-destination', project], PACKAGE_DIR)) as (typeof packed)[];
    packed = info!;
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
    npm(['install', '--offline', path.join(project, packed.filename)], project);
  });

  afterAll(() => {
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it('packs only what a user needs: the built module, its declarations, the document, the README and the licence', () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'openapi.json', 'dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts']));
    expect(files.filter((f) => !/^(LICENSE|README\.md|package\.json|openapi\.json|dist\/.+)$/.test(f))).toEqual([]);
    expect(files.filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f))).toEqual([]);
  });

  it('publishes a manifest that names only what it ships, with what a registry page shows; the repository keeps its own', () => {
    const installed = path.join(project, 'node_modules', '@vouch', 'api-client');
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown> & { exports: Record<string, unknown>; publishConfig?: Record<string, unknown>; files: string[] };
    // Every target of the exports map is a file of the tarball; no condition names src/.
    const targets = JSON.stringify(manifest.exports).match(/"\.\/[^"]+"/g)!.map((target) => target.slice(3, -1));
    expect(targets.filter((target) => !fs.existsSync(path.join(installed, target)))).toEqual([]);
    expect(JSON.stringify(manifest.exports)).not.toMatch(/@vouch\/source|src\//);
    expect(manifest.vouch).toBeUndefined();
    expect(manifest).toMatchObject({ license: 'MIT', repository: { type: 'git', directory: 'packages/api-client' }, publishConfig: { access: 'public' }, files: ['dist', 'openapi.json'] });
    expect(fs.readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    // The repository still reads src/ (postpack put its manifest back, and nothing was left aside).
    const repository = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> };
    expect(repository.exports['.']!['@vouch/source']).toBe('./src/index.ts');
    expect(fs.existsSync(path.join(PACKAGE_DIR, 'package.json.in-repository'))).toBe(false);
  });

  it('links nothing outside the package from its README', () => {
    const readme = fs.readFileSync(path.join(project, 'node_modules', '@vouch', 'api-client', 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((link) => !/^https?:\/\//.test(link) && (link.startsWith('..') || link.startsWith('/') || !fs.existsSync(path.join(project, 'node_modules', '@vouch', 'api-client', link.split('#')[0]!))))).toEqual([]);
  });

  it('installs with no dependency to fetch and no import of the repository', () => {
    const installed = path.join(project, 'node_modules', '@vouch', 'api-client');
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies?: object; private?: boolean; exports: Record<string, unknown> };
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.private).toBeUndefined();
    expect(fs.readdirSync(path.join(project, 'node_modules')).sort()).toEqual(['.package-lock.json', '@vouch']);
    const code = fs.readFileSync(path.join(installed, 'dist', 'index.js'), 'utf8');
    expect(code).not.toMatch(/from ["'](?!\.)/); // every import is relative (there are none left, bundled)
    expect(code).not.toMatch(/@vouch\//);
  });

  it('gives a TypeScript user the declarations: paths, bodies and problem codes type-check', () => {
    fs.writeFileSync(
      path.join(project, 'typed.ts'),
      [
        "import { createVouchClient, type ProblemCode } from '@vouch/api-client';",
        "const api = createVouchClient({ baseUrl: 'http://localhost/api/v1' });",
        "export const mine = api.GET('/vouches/my', { params: { query: { limit: 5 } } }).then(({ data }) => data?.map((v) => v.recipientName));",
        "export const code: ProblemCode = 'OTP_INCORRECT';",
        '// @ts-expect-error: no such path',
        "export const wrong = api.GET('/no-such-path');",
      ].join('\n'),
    );
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true, types: [] }, files: ['typed.ts'] }));
    const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  describeEachDatabase('against a running gateway', (t) => {
    let gateway: RunningProcess;

    beforeAll(async () => {
      const started = await launch({ NODE_ENV: 'development', DATABASE_URL: t.databaseUrl });
      if ('exited' in started) throw new Error(`the gateway exited (${started.exited}): ${started.output}`);
      gateway = started;
    });

    afterAll(async () => {
      await gateway?.stop();
    });

    it("runs the README's Quick start with plain Node against a running gateway", () => {
      fs.writeFileSync(path.join(project, 'quick-start.mjs'), quickStart());
      const run = spawnSync(process.execPath, ['quick-start.mjs'], {
        cwd: project,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, VOUCH_API: `${gateway.url}/api/v1`, VOUCH_PHONE: newPhone() },
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split('\n')).toEqual(['Signed in as Ada Lovelace', '0 vouches given', '0 vouches in my copy', 'Refused: NO_VOUCH_YET (/docs/errors#NO_VOUCH_YET)']);
    });
  });
});
