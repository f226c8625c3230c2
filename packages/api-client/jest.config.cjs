module.exports = { ...require('../../jest.preset.cjs'), displayName: 'packages/api-client' };
