module.exports = { ...require('../jest.preset.cjs'), displayName: 'mf-subscription' };
