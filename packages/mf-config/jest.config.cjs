module.exports = { ...require('../../jest.preset.cjs'), displayName: 'packages/mf-config' };
