module.exports = { ...require('../../jest.preset.cjs'), displayName: 'services/notifications' };
