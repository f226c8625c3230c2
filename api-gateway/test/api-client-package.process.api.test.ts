// Issue 29 item 9: @vouch/api-client ships. `npm pack` makes a tarball of only what a user needs;
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
    // What prepack runs, first, so npm's --json answer is all that is on its stdout.
    execFileSync(process.execPath, [path.join(PACKAGE_DIR, 'scripts', 'build.mjs')], { cwd: PACKAGE_DIR, stdio: 'ignore' });
    const [info] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', project], PACKAGE_DIR)) as (typeof packed)[];
    packed = info!;
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
    npm(['install', '--offline', path.join(project, packed.filename)], project);
  });

  afterAll(() => {
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it('packs only what a user needs: the built module, its declarations, the document, the README', () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json', 'openapi.json', 'dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts']));
    expect(files.filter((f) => !/^(README\.md|package\.json|openapi\.json|dist\/.+)$/.test(f))).toEqual([]);
    expect(files.filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f))).toEqual([]);
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
      expect(run.stdout.trim().split('\n')).toEqual(['Signed in as Ada Lovelace', '0 vouches given', 'Refused: NO_VOUCH_YET (/docs/errors#NO_VOUCH_YET)']);
    });
  });
});
