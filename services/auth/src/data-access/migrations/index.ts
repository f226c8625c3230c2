import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';
import { signInAttemptsMigration } from './202612050000-auth-sign-in-attempts';

// Functions, not shared objects: Sequelize writes `field` into each attribute definition.
const score = () => ({ type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 });
const counter = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });

/** Tables owned by auth: members (with their write stamp), sessions, otp_codes, auth_rate_limits, sign_in_devices. */
export const migrations: Migration[] = [
  {
    name: '202501010000-auth-members',
    async up({ queryInterface }) {
      await queryInterface.createTable('members', {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        phone: { type: DataTypes.STRING(16), allowNull: false, unique: true },
        name: { type: DataTypes.STRING(101), allowNull: false },
        onboarding_complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        social_capital_balance: score(),
        introduction_score: score(),
        connector_score: score(),
        vouch_score: score(),
        reputation_score: score(),
        vouches_given: counter(),
        vouches_received: counter(),
        introduction_requests_count: counter(),
        connections_count: counter(),
        profile_views: counter(),
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('members');
    },
  },
  {
    name: '202501010001-auth-sessions',
    async up({ queryInterface }) {
      await queryInterface.createTable('sessions', {
        id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
        token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        phone: { type: DataTypes.STRING(16), allowNull: false },
        member_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        revoked_at: { type: DataTypes.DATE(3), allowNull: true },
        last_seen_at: { type: DataTypes.DATE(3), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex('sessions', ['phone'], { name: 'sessions_phone' });
      await queryInterface.addIndex('sessions', ['member_id'], { name: 'sessions_member_id' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('sessions');
    },
  },
  {
    name: '202501010002-auth-otp-codes',
    async up({ queryInterface }) {
      await queryInterface.createTable('otp_codes', {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        phone: { type: DataTypes.STRING(16), allowNull: false },
        code_hash: { type: DataTypes.STRING(64), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        consumed_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex('otp_codes', ['phone', 'id'], { name: 'otp_codes_phone_id' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('otp_codes');
    },
  },
  {
    name: '202501010003-auth-rate-limits',
    async up({ queryInterface }) {
      await queryInterface.createTable('auth_rate_limits', {
        bucket_key: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
        points: { type: DataTypes.INTEGER, allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex('auth_rate_limits', ['expires_at'], { name: 'auth_rate_limits_expires_at' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('auth_rate_limits');
    },
  },
  {
    // Moved on by each write a signed-in member makes; every instance's member read cache checks it
    // (api-gateway/src/app.ts, member-write-stamp.repository.ts).
    name: '202512040000-auth-member-write-stamp',
    async up({ queryInterface }) {
      await queryInterface.addColumn('members', 'write_stamp', counter());
    },
    async down({ queryInterface }) {
      await queryInterface.removeColumn('members', 'write_stamp');
    },
  },
  {
    // Keys are stored hashed from now on (rate-limit.repository.ts): the buckets written before
    // held phone numbers and addresses in clear. They last minutes, so they are simply dropped.
    name: '202611270000-auth-rate-limit-keys-hashed',
    async up({ queryInterface }) {
      await queryInterface.bulkDelete('auth_rate_limits', {});
    },
  },
  {
    // Issue 26 item 12: a session's absolute end (SESSION_MAX_AGE_DAYS after sign-in), which its
    // sliding expiry never passes. Sessions opened before keep their current expiry as their end.
    name: '202611270000-auth-session-ends-at',
    async up({ queryInterface }) {
      await queryInterface.addColumn('sessions', 'ends_at', { type: DataTypes.DATE(3), allowNull: true });
      await queryInterface.sequelize.query('UPDATE sessions SET ends_at = expires_at WHERE ends_at IS NULL');
    },
    async down({ queryInterface }) {
      await queryInterface.removeColumn('sessions', 'ends_at');
    },
  },
  signInAttemptsMigration,
];
