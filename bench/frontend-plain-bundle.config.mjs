// The baseline of the landing page's first-load figure: the shell built as a plain single bundle
// (same sources, loaders and production settings as scripts/build-frontends.mjs, from the same
// @vouch/mf-config factory) but without Module Federation: no federation runtime, no shared
// singletons (so @vouch/ui and @vouch/shell-sdk are tree-shaken like any library), and the
// bootstrap as the entry instead of the asynchronous `import('./bootstrap')` boundary.
// Lazy chunks stay lazy, so "the same page" loads what the federated shell would need minus
// the federation. Built by bench/frontend-first-load.bench.mjs into .bench/plain-shell.
// Run through tsx (the factory is TypeScript): node --import tsx webpack-cli --config <this>.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import webpack from 'webpack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shell = path.join(root, 'shell');
// Required (not imported) so tsx loads the factory as the CommonJS module it is (it uses __dirname).
const { createWebpackConfig } = createRequire(import.meta.url)(path.join(root, 'packages/mf-config/src/index.ts'));

export default (env, argv) => {
  const config = createWebpackConfig({ name: 'shell', dir: shell, title: 'Vouch: the professional trust network', devPort: 0 })(env, { mode: 'production', ...argv });
  return {
    ...config,
    entry: { main: './src/bootstrap.tsx' },
    devtool: process.env.PLAIN_BUNDLE_SOURCEMAP ? 'source-map' : false,
    output: { ...config.output, path: process.env.PLAIN_BUNDLE_OUT ?? path.join(root, '.bench', 'plain-shell') },
    plugins: [
      ...(config.plugins ?? []).filter((plugin) => plugin?.constructor?.name !== 'ModuleFederationPlugin'),
      // shell-sdk imports it as './remote-runtime' and './remotes/remote-runtime' (the request is matched).
      new webpack.NormalModuleReplacementPlugin(/(^\.\/|\/remotes\/)remote-runtime$/, path.join(root, 'bench/frontend-plain-remote-runtime.mjs')),
    ],
  };
};
