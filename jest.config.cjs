// `npm run test:unit` runs every workspace's suite in one jest process (shared worker pool).
const os = require('node:os');

module.exports = {
  // Suites create their own databases, so they run side by side; jest's default (cores - 1) would
  // leave one of CI's two cores to MariaDB alone while every suite waits its turn.
  maxWorkers: Math.max(2, os.cpus().length - 1),
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
