import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * Issue 43: sign-in codes bound to the attempt that asked for them, devices that signed in
 * before, and sessions a member can see and end.
 *
 * - otp_codes.attempt_hash: SHA-256 of the attempt id request-otp answers with (verify-otp must
 *   send it: strangers' guesses in their own attempts never reach this code); provider_ref: the
 *   SMS provider's id of the text (Twilio Verify's verification sid, told when the code was used).
 *   Codes stored before carry no attempt and could not be used: they are dropped (they last 10 minutes).
 * - sign_in_devices: a device (its device token's SHA-256) that signed in with a phone, and when it
 *   last did; such a device spends its own allowance of codes for that phone.
 * - sessions: the browser or app (user agent), where it was last used (an address prefix),
 *   whether it is a cookie or token session, the device it signed in on, when its member last
 *   entered a code in it (reverified_at: a fresh code guards deleting the account), and when and
 *   why it ended (ended_at, end_reason: every end goes through one function, which tells the
 *   services listening). Sessions revoked before count as ended then.
 */
export const signInAttemptsMigration: Migration = {
  name: '202612050000-auth-sign-in-attempts',
  async up({ queryInterface }) {
    await queryInterface.bulkDelete('otp_codes', {});
    await queryInterface.addColumn('otp_codes', 'attempt_hash', { type: DataTypes.CHAR(64), allowNull: true });
    await queryInterface.addColumn('otp_codes', 'provider_ref', { type: DataTypes.STRING(64), allowNull: true });
    await queryInterface.addIndex('otp_codes', ['attempt_hash'], { name: 'otp_codes_attempt_hash', unique: true });

    await queryInterface.createTable('sign_in_devices', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      token_hash: { type: DataTypes.CHAR(64), allowNull: false },
      phone: { type: DataTypes.STRING(16), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      last_sign_in_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('sign_in_devices', ['token_hash', 'phone'], { name: 'sign_in_devices_token_phone', unique: true });
    await queryInterface.addIndex('sign_in_devices', ['phone'], { name: 'sign_in_devices_phone' });

    await queryInterface.addColumn('sessions', 'user_agent', { type: DataTypes.STRING(255), allowNull: true });
    await queryInterface.addColumn('sessions', 'address_prefix', { type: DataTypes.STRING(64), allowNull: true });
    await queryInterface.addColumn('sessions', 'kind', { type: DataTypes.STRING(8), allowNull: true });
    await queryInterface.addColumn('sessions', 'device_hash', { type: DataTypes.CHAR(64), allowNull: true });
    await queryInterface.addColumn('sessions', 'reverified_at', { type: DataTypes.DATE(3), allowNull: true });
    await queryInterface.addColumn('sessions', 'ended_at', { type: DataTypes.DATE(3), allowNull: true });
    await queryInterface.addColumn('sessions', 'end_reason', { type: DataTypes.STRING(24), allowNull: true });
    await queryInterface.sequelize.query("UPDATE sessions SET ended_at = revoked_at, end_reason = 'signed-out' WHERE revoked_at IS NOT NULL");
    // The expiry sweep's read: live sessions whose time is up.
    await queryInterface.addIndex('sessions', ['ended_at', 'expires_at'], { name: 'sessions_ended_expires' });
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('sessions', 'sessions_ended_expires');
    for (const column of ['end_reason', 'ended_at', 'reverified_at', 'device_hash', 'kind', 'address_prefix', 'user_agent']) await queryInterface.removeColumn('sessions', column);
    await queryInterface.dropTable('sign_in_devices');
    await queryInterface.removeIndex('otp_codes', 'otp_codes_attempt_hash');
    await queryInterface.removeColumn('otp_codes', 'provider_ref');
    await queryInterface.removeColumn('otp_codes', 'attempt_hash');
  },
};
