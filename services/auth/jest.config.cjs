module.exports = { ...require('../../jest.preset.cjs'), displayName: 'services/auth' };
