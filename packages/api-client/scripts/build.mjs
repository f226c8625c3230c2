// `npm run build -w @vouch/api-client` (after scripts/generate.ts): the publishable package in
// dist/, for plain Node and bundlers alike, with no runtime dependency:
// - dist/index.js: src/index.ts as one ES module, openapi-fetch bundled in (esbuild);
// - dist/index.d.ts, dist/schema.d.ts: the declarations (tsc, tsconfig.build.json);
// - dist/vendor/: openapi-fetch's and openapi-typescript-helpers' declarations and licences,
//   which dist/index.d.ts refers to instead of the npm packages (a user installs nothing more).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const vendor = path.join(dist, 'vendor');
const require = createRequire(import.meta.url);
const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`, { paths: [root] }));

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src', 'index.ts')],
  outfile: path.join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['import'],
  legalComments: 'eof',
  logLevel: 'warning',
});

execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
// tsc does not copy a hand-written (here: generated) .d.ts input; index.d.ts imports it.
fs.copyFileSync(path.join(root, 'src', 'schema.d.ts'), path.join(dist, 'schema.d.ts'));

fs.mkdirSync(vendor, { recursive: true });
const fetchDir = packageDir('openapi-fetch');
const helpersDir = packageDir('openapi-typescript-helpers');
const fetchTypes = fs.readFileSync(path.join(fetchDir, 'dist', 'index.d.ts'), 'utf8').replaceAll("from 'openapi-typescript-helpers'", "from './openapi-typescript-helpers.js'");
fs.writeFileSync(path.join(vendor, 'openapi-fetch.d.ts'), fetchTypes);
fs.copyFileSync(path.join(helpersDir, 'dist', 'index.d.ts'), path.join(vendor, 'openapi-typescript-helpers.d.ts'));
fs.copyFileSync(path.join(fetchDir, 'LICENSE'), path.join(vendor, 'LICENSE-openapi-fetch'));
fs.copyFileSync(path.join(helpersDir, 'LICENSE'), path.join(vendor, 'LICENSE-openapi-typescript-helpers'));
const index = path.join(dist, 'index.d.ts');
fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replaceAll("from 'openapi-fetch'", "from './vendor/openapi-fetch.js'"));

const leftover = fs.readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.d.ts')).map((file) => [file, fs.readFileSync(path.join(dist, String(file)), 'utf8')]).filter(([, text]) => /from ['"](openapi-fetch|openapi-typescript-helpers)['"]/.test(text));
if (leftover.length) throw new Error(`dist still imports an npm package: ${leftover.map(([file]) => file).join(', ')}`);
console.error('[api-client] built dist/ (index.js, index.d.ts, schema.d.ts, vendor/)');
