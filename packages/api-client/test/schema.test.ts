// The committed types are the committed document's (openapi.json; the gateway's tests check that
// document is the one served): after changing it, run `npm run build -w @vouch/api-client`. (In a child process:
// openapi-typescript's dependencies are ES modules jest cannot require.)
import { spawnSync } from 'node:child_process';
import path from 'node:path';

it('src/schema.d.ts is what the current API document generates', () => {
  const script = path.join(__dirname, '..', 'scripts', 'generate.ts');
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), script, '--check'], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } });
  expect(run.stderr).not.toMatch(/out of date|Error/);
  expect(run.status).toBe(0);
});
