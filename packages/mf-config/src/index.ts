/**
 * Webpack 5 + Module Federation config factory shared by the shell and every remote, so the
 * federation settings (shared map, share strategy, manifest, file naming) cannot drift.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { sharedSingletons } from './shared';

export { SHARED_SINGLETONS, sharedSingletons } from './shared';

export interface AppBuildOptions {
  /** Federation name: `shell` for the host, `mf_<name>` for a remote (the registry's `name`). */
  name: string;
  /** The app's folder (holds package.json, src/, dist/). */
  dir: string;
  /** Exposed modules (`./routes`, `./parcel`, slot components). Omit for the host. */
  exposes?: Record<string, string>;
  /** Title of the standalone page. */
  title: string;
  /** webpack-dev-server port for `npm start` in the workspace. */
  devPort: number;
}

type Argv = { mode?: Configuration['mode'] };
/** webpack's own type omits `devServer` unless webpack-dev-server's types are loaded. */
export type AppConfiguration = Configuration & { devServer?: Record<string, unknown> };

type Filename = NonNullable<NonNullable<Configuration['output']>['filename']>;

function chunkHasHash(chunk: { contentHash?: Record<string, string>; renderedHash?: string }): boolean {
  return Boolean(chunk.renderedHash || chunk.contentHash?.javascript);
}

const assets = path.resolve(__dirname, '../assets');
const federationRuntimeProvider = path.resolve(__dirname, '../runtime/provide-federation-runtime.js');

/** What is worth compressing: text the browser loads (source maps only load in devtools). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * `<file>.br` and `<file>.gz` beside every compressible output file of 1 KB or more, at the
 * strongest settings (they are made once per build, not per request); the gateway serves the
 * copy the browser accepts (api-gateway/src/static.ts). A copy that saves less than 20% is not
 * written (the plugin's default `minRatio`): the file itself is served then.
 */
export function precompressPlugins(): WebpackPluginInstance[] {
  return [
    new CompressionPlugin<zlib.BrotliOptions>({
      test: COMPRESSIBLE,
      threshold: 1024,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      threshold: 1024,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/**
 * JavaScript minified by SWC (the compiler swc-loader already runs) instead of webpack's default
 * Terser: the same bundle sizes within a few per cent, a build several times faster (CI builds
 * every app on each run).
 */
function swcMinimizer(): WebpackPluginInstance {
  return new MinimizerPlugin({ test: /\.[cm]?js(\?.*)?$/i, minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: true, mangle: true } } });
}

/** The gateway in development: the shell's dev server forwards API and registry calls to it. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/**
 * Returns a webpack config function (webpack-cli calls it with `--mode`).
 *
 * Production output: hashed JS and assets (the gateway serves them immutable); `remoteEntry.js`,
 * `mf-manifest.json` and `index.html` keep fixed names so they can be served no-cache and found
 * by the registry. `publicPath: 'auto'` lets a remote run from whatever origin its manifest
 * is served from, which is what lets the registry move it without rebuilding the shell.
 */
export function createWebpackConfig(options: AppBuildOptions) {
  return (_env: unknown, argv: Argv = {}): AppConfiguration | AppConfiguration[] => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    const isHost = !options.exposes;
    const hashed = production ? '.[contenthash:8]' : '';
    // Entry chunks hold the federation runtime, which renders the entry's filename template
    // while generating itself, before any hash exists (and webpack throws on [contenthash]
    // there). It only needs the directory, so the hash is added once the chunk has one.
    const entryFilename: Filename = production
      ? (data) => (data.chunk && chunkHasHash(data.chunk) ? '[name].[contenthash:8].js' : '[name].js')
      : '[name].js';

    const app: AppConfiguration = {
      name: options.name,
      mode: production ? 'production' : 'development',
      context: options.dir,
      entry: { main: './src/index.ts' },
      // Production bundles name no map (issue 43: the maps answer 404 outside development, and a
      // comment pointing at one only tells a reader where the source would be); in development
      // mode the gateway points devtools at each map with a SourceMap header instead.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(options.dir, 'dist'),
        filename: entryFilename,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        publicPath: 'auto',
        uniqueName: options.name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            // Workspace packages resolve through symlinks to packages/*, so they are compiled too.
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(svg|png|jpe?g|webp|avif)$/i, type: 'asset/resource' },
          {
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/,
            use: path.resolve(__dirname, '../loaders/chakra-pure-theme-loader.cjs'),
          },
          {
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/](system|conditions|utility|token-dictionary)\.js$/,
            use: path.resolve(__dirname, '../loaders/chakra-system-loader.cjs'),
          },
          {
            test: /packages[\\/]ui[\\/]src[\\/]global-css\.ts$/,
            use: path.resolve(__dirname, '../loaders/chakra-global-css-loader.cjs'),
          },
        ],
      },
      plugins: [
        // The host is built without the plugin: its first load (the landing page) carries no
        // federation runtime. @vouch/shell-sdk starts the runtime when a page first needs a remote
        // and provides the shell's own React, @vouch/ui and SDK as the shared singletons
        // (packages/shell-sdk/src/remotes/federation-host.ts).
        ...(isHost ? [] : [new ModuleFederationPlugin({
          name: options.name,
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          manifest: true,
          // The dts plugin starts an HTTP server on a public interface in dev, and remote
          // types are not consumed yet; contracts are shared through @vouch/contracts instead.
          dts: false,
          // One federation runtime per page: a remote's remoteEntry.js reads the runtime from
          // `globalThis._FEDERATION_RUNTIME_CORE` instead of carrying its own copy
          // (externalRuntime): 19 KB gzip less per remote a page loads (bench/frontend-first-load).
          // In the shell, @vouch/shell-sdk's federation host provides its copy; on a remote's
          // standalone page, federation-runtime.js does (runtimeProviderConfig).
          // `target: 'web'` drops the runtime's Node code paths.
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
        })]),
        new HtmlWebpackPlugin({
          template: path.join(assets, 'index.html'),
          favicon: path.join(assets, 'favicon.svg'),
          title: options.title,
          description: 'Vouch: a professional trust network built on personal vouches.',
          // The shell's index.html is the SPA fallback for every deep path, so its scripts
          // must be root-absolute; a remote's standalone page may live under any prefix.
          ...(isHost ? { publicPath: '/' } : {}),
          scriptLoading: 'defer',
          // Deferred scripts run in document order: a remote's standalone page provides the
          // federation runtime before its own entry starts.
          scriptsBefore: isHost ? [] : [FEDERATION_RUNTIME_FILE],
        }),
        ...(production ? precompressPlugins() : []),
      ],
      // '...': webpack's own minimizers stay for the rest (the HTML); they skip what SWC minified.
      optimization: { moduleIds: production ? 'deterministic' : 'named', minimizer: [swcMinimizer(), '...'] },
      performance: { hints: false },
      devServer: {
        port: options.devPort,
        host: 'localhost',
        historyApiFallback: isHost,
        hot: false,
        // Remotes are fetched cross-origin by the shell in development.
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        ...(isHost ? { proxy: [{ context: ['/api', '/mf-registry.json', '/mf'], target: GATEWAY }] } : {}),
      },
    };
    return isHost ? app : [app, runtimeProviderConfig(options, production)];
  };
}

/** The file a remote's standalone page loads first: the federation runtime its build leaves out. */
export const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * A second, plain (federation-free) build beside each remote: runtime/provide-federation-runtime.js
 * into dist/federation-runtime.js. It runs after the remote's build (`dependencies`), whose
 * `clean` would otherwise delete it. A fixed name, so the gateway serves it no-cache.
 */
function runtimeProviderConfig(options: AppBuildOptions, production: boolean): AppConfiguration {
  return {
    name: `${options.name}-federation-runtime`,
    dependencies: [options.name],
    mode: production ? 'production' : 'development',
    context: options.dir,
    entry: { 'federation-runtime': federationRuntimeProvider },
    devtool: false,
    output: { path: path.join(options.dir, 'dist'), filename: FEDERATION_RUNTIME_FILE, clean: false },
    plugins: production ? precompressPlugins() : [],
    performance: { hints: false },
  };
}
