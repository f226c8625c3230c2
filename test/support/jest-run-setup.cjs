// jest globalSetup (jest.preset.cjs): names this run, so the suites' template databases
// (api-gateway/test/support/migrated-copies.ts) belong to it and the teardown can drop them. Every
// project runs it; the first one names the run.
const { randomBytes } = require('node:crypto');

module.exports = async () => {
  process.env.VOUCH_TEST_RUN ??= randomBytes(4).toString('hex');
};
