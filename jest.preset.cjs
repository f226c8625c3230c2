// Shared jest settings: every workspace's jest.config.cjs spreads this, so a suite runs the
// same whether started from the workspace or from the root.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx', '<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  // API suites create a database and run every migration per suite; on a loaded two-core
  // machine that alone can pass jest's 5 s default. Real hangs still fail, just later.
  testTimeout: 30_000,
  transformIgnorePatterns: ['/node_modules/(?!(@vouch)/)'],
  // A publishable workspace package (@vouch/api-client) exports its built dist/ to the world and
  // its TypeScript source under this condition to the repository (tsconfig.base.json too).
  testEnvironmentOptions: { customExportConditions: ['@vouch/source', 'node', 'node-addons'] },
  // Names the run whose template databases API suites copy, and drops them at the end.
  globalSetup: require.resolve('./test/support/jest-run-setup.cjs'),
  globalTeardown: require.resolve('./test/support/jest-run-teardown.cjs'),
};
