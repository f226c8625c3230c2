// A remote is one entry in contracts' list (packages/contracts/src/remotes.ts; docs/architecture.md
// "Adding a remote"): with that entry alone a throwaway remote is in the gateway's registry, served
// from its folder's dist/, overridable by its MF_<MOUNT>_URL, and on the build and dev scripts'
// lists. The gateway reads the list with the entry added (jest replaces the module for this file);
// the scripts, other processes, run from a copy of the list with the entry appended.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { REMOTES, type RemoteDefinition } from '@vouch/contracts';
import { describeEachDatabase } from './support';

jest.mock('@vouch/contracts/remotes', () => {
  const actual = jest.requireActual('@vouch/contracts/remotes');
  return { ...actual, REMOTES: [...actual.REMOTES, { name: 'mf_throwaway', folder: 'mf-throwaway', mount: 'throwaway' }] };
});

const repo = path.resolve(__dirname, '../..');
const throwaway = REMOTES.find((remote: RemoteDefinition) => remote.name === 'mf_throwaway')!;

/** The scripts and the list in a folder of their own, the entry appended to the list's text. */
function copyWithEntry(entry: RemoteDefinition): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-remote-'));
  for (const file of ['scripts/build-frontends.mjs', 'scripts/dev.mjs', 'scripts/web-apps.mjs', 'packages/contracts/package.json']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  const list = fs.readFileSync(path.join(repo, 'packages/contracts/src/remotes.ts'), 'utf8');
  const line = `  { name: '${entry.name}', folder: '${entry.folder}', mount: '${entry.mount}' },\n] as const`;
  fs.mkdirSync(path.join(dir, 'packages/contracts/src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'packages/contracts/src/remotes.ts'), list.replace(/\n\] as const/, `\n${line}`));
  fs.mkdirSync(path.join(dir, 'node_modules/@vouch'), { recursive: true });
  fs.symlinkSync(path.join(repo, 'node_modules/tsx'), path.join(dir, 'node_modules/tsx'));
  fs.symlinkSync(path.join(dir, 'packages/contracts'), path.join(dir, 'node_modules/@vouch/contracts'));
  return dir;
}

describeEachDatabase('adding a remote', (t) => {
  it('routes it: the registry lists it at /mf/<mount>/, and MF_<MOUNT>_URL moves it', async () => {
    const res = await t.request.get('/mf-registry.json').expect(200);
    expect(res.body).toContainEqual({ name: 'mf_throwaway', entry: '/mf/throwaway/mf-manifest.json' });
    const moved = await supertest(t.createApp({ env: { MF_THROWAWAY_URL: 'http://cdn.example/throwaway/mf-manifest.json' } })).get('/mf-registry.json');
    expect(moved.body).toContainEqual({ name: 'mf_throwaway', entry: 'http://cdn.example/throwaway/mf-manifest.json' });
  });

  it("serves it: its folder's dist/ at /mf/<mount>/, to any origin", async () => {
    const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-remote-root-'));
    try {
      fs.mkdirSync(path.join(rootDir, throwaway.folder, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(rootDir, throwaway.folder, 'dist', 'mf-manifest.json'), JSON.stringify({ name: 'mf_throwaway' }));
      const res = await supertest(t.createApp({ rootDir })).get('/mf/throwaway/mf-manifest.json').expect(200);
      expect(JSON.parse(res.text)).toEqual({ name: 'mf_throwaway' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      fs.rmSync(rootDir, { recursive: true, force: true });
    }
  });

  it('builds and watches it: the build and dev scripts list it after the shell and the other remotes', () => {
    const dir = copyWithEntry(throwaway);
    try {
      for (const script of ['scripts/build-frontends.mjs', 'scripts/dev.mjs']) {
        const run = spawnSync(process.execPath, [script, '--list'], { cwd: dir, encoding: 'utf8' });
        expect(run.stderr).toBe('');
        expect(run.stdout.trim().split('\n')).toEqual(['shell', ...REMOTES.map((remote: RemoteDefinition) => remote.folder)]);
        expect(run.stdout.trim().split('\n').at(-1)).toBe('mf-throwaway');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
