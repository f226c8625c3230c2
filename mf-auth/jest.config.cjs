module.exports = { ...require('../jest.preset.cjs'), displayName: 'mf-auth' };
