// webpack empties an app's dist/ on every build, and with it dist/.build-hash, the record by which
// `npm start` (scripts/build-frontends.mjs) skips an app whose inputs did not change: a build that
// went around the script made the next start rebuild all six apps. Each web app's own
// `npm run build` is therefore the script, for that app alone.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@vouch/contracts';

const root = path.resolve(__dirname, '..');
const WEB_APPS = ['shell', ...REMOTES.map((remote) => remote.folder)];

describe("a web app's own build", () => {
  it.each(WEB_APPS)('%s builds through scripts/build-frontends.mjs, which writes dist/.build-hash', (app) => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.build).toBe(`node ../scripts/build-frontends.mjs --force ${app}`);
  });
});
