// The build writes .br and .gz copies the gateway can serve as they are: checked by compiling a
// small entry with the same plugins every app uses and decompressing what they wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import { createWebpackConfig, precompressPlugins, type AppConfiguration } from '../src';

function compile(dir: string): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './entry.js', tiny: './tiny.js' },
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js' },
    devtool: 'source-map',
    plugins: precompressPlugins(),
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve();
    }),
  );
}

describe('precompressed build output', () => {
  let dir: string;
  let files: string[];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-config-precompress-'));
    // Large enough to be worth compressing, and not one repeated byte (kept whole: it is printed).
    const words = Array.from({ length: 400 }, (_, i) => `"vouch ${i} for member ${(i * 7919) % 1000}"`).join(',\n');
    fs.writeFileSync(path.join(dir, 'entry.js'), `export const words = [${words}];\nconsole.log(words.join(" "));\n`);
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'console.log(1);\n');
    await compile(dir);
    files = fs.readdirSync(path.join(dir, 'dist'));
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside the hashed bundle, each decompressing to the bundle itself', () => {
    const bundle = files.find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file))!;
    expect(bundle).toBeDefined();
    const original = fs.readFileSync(path.join(dir, 'dist', bundle));
    const br = fs.readFileSync(path.join(dir, 'dist', `${bundle}.br`));
    const gz = fs.readFileSync(path.join(dir, 'dist', `${bundle}.gz`));
    expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 2);
  });

  it('leaves a file under 1 KB alone: the gateway sends it as it is', () => {
    const tiny = files.find((file) => /^tiny\.[0-9a-f]{8}\.js$/.test(file))!;
    expect(tiny).toBeDefined();
    expect(files).not.toContain(`${tiny}.br`);
    expect(files).not.toContain(`${tiny}.gz`);
  });

  it('leaves source maps uncompressed: only devtools load them', () => {
    expect(files.some((file) => file.endsWith('.map'))).toBe(true);
    expect(files.filter((file) => /\.map\.(br|gz)$/.test(file))).toEqual([]);
  });
});

describe('every app is built with the copies in production only', () => {
  const names = (config: AppConfiguration) => (config.plugins ?? []).map((plugin) => plugin?.constructor?.name);
  const build = (mode: 'production' | 'development') => createWebpackConfig({ name: 'mf_demo', dir: '/tmp/mf-demo', exposes: { './routes': './src/routes.tsx' }, title: 'Demo', devPort: 0 })(undefined, { mode }) as AppConfiguration[];

  it('adds the two compression plugins to the remote and to its runtime provider', () => {
    for (const config of build('production')) expect(names(config).filter((name) => name === 'CompressionPlugin')).toHaveLength(2);
  });

  it('adds none to the development build', () => {
    for (const config of build('development')) expect(names(config)).not.toContain('CompressionPlugin');
  });
});
