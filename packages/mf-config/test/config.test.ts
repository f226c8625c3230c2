import { createWebpackConfig, FEDERATION_RUNTIME_FILE, type AppConfiguration } from '../src';

type FederationOptions = { exposes?: unknown; experiments?: { externalRuntime?: boolean; provideExternalRuntime?: boolean } };
/** The options the factory gave the ModuleFederationPlugin (kept by the plugin as `_options`). */
function federationOf(config: AppConfiguration): FederationOptions {
  const plugin = (config.plugins ?? []).find((candidate) => candidate?.constructor?.name === 'ModuleFederationPlugin');
  return (plugin as unknown as { _options: FederationOptions })._options;
}

describe('one federation runtime per page (DESIGN §1a)', () => {
  const remote = createWebpackConfig({ name: 'mf_demo', dir: '/tmp/mf-demo', exposes: { './routes': './src/routes.tsx' }, title: 'Demo', devPort: 0 })(undefined, { mode: 'production' });
  const host = createWebpackConfig({ name: 'shell', dir: '/tmp/shell', title: 'Shell', devPort: 0 })(undefined, { mode: 'production' });

  it('builds a remote without its own runtime, plus the standalone page’s runtime provider after it', () => {
    expect(Array.isArray(remote)).toBe(true);
    const [app, provider] = remote as [AppConfiguration, AppConfiguration];
    expect(federationOf(app).experiments?.externalRuntime).toBe(true);
    expect(provider.dependencies).toEqual(['mf_demo']);
    expect(provider.output?.filename).toBe(FEDERATION_RUNTIME_FILE);
    expect(provider.output?.path).toBe(app.output?.path);
    expect((provider.plugins ?? []).map((plugin) => plugin?.constructor?.name)).not.toContain('ModuleFederationPlugin');
  });

  it('builds the host without the plugin: its first load carries no federation runtime (shell-sdk loads it with the first remote)', () => {
    expect(Array.isArray(host)).toBe(false);
    const names = ((host as AppConfiguration).plugins ?? []).map((plugin) => plugin?.constructor?.name);
    expect(names).not.toContain('ModuleFederationPlugin');
    expect(names).toContain('HtmlWebpackPlugin');
  });
});

describe('source maps (issue 43)', () => {
  it('production bundles carry no sourceMappingURL comment (hidden maps); development keeps inline ones', () => {
    const production = createWebpackConfig({ name: 'shell', dir: '/tmp/shell', title: 'Shell', devPort: 0 })(undefined, { mode: 'production' }) as AppConfiguration;
    const development = createWebpackConfig({ name: 'shell', dir: '/tmp/shell', title: 'Shell', devPort: 0 })(undefined, { mode: 'development' }) as AppConfiguration;
    expect(production.devtool).toBe('hidden-source-map');
    expect(development.devtool).toBe('eval-cheap-module-source-map');
  });
});
