// `npm run test:unit` runs every workspace's suite in one jest process (shared worker pool).
module.exports = {
  // testTimeout is a global option: jest ignores it inside projects, so the root sets it too.
  testTimeout: require('./jest.preset.cjs').testTimeout,
  projects: [
    '<rootDir>/packages/*',
    '<rootDir>/services/*',
    '<rootDir>/api-gateway',
    '<rootDir>/worker',
    '<rootDir>/shell',
    '<rootDir>/mf-*',
    { ...require('./jest.preset.cjs'), displayName: 'architecture', rootDir: __dirname, testMatch: ['<rootDir>/test/**/*.test.ts'] },
  ],
};
