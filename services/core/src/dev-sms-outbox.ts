// The development SMS outbox (DESIGN §2): where texts go when nothing sends them — sign-in codes of
// the console provider (auth) and the notification texts the worker delivers without Twilio
// (notifications). A table, not memory, because the worker that sends a text is another process
// than the gateway that shows it (GET /api/dev/sms-outbox), and there may be several gateways.
// Only development mode writes or reads it; production has no route to it and never writes.
import { DataTypes } from 'sequelize';
import type { Database } from './database';
import { IDEMPOTENCY_MIGRATIONS } from './idempotency';
import { SYNC_MIGRATIONS } from './sync-log';
import type { Migration } from './migrations';

const TABLE = 'dev_sms_outbox';
/** The newest this many are kept (a demo machine's log, not an archive). */
export const DEV_SMS_OUTBOX_CAPACITY = 500;

export const DEV_SMS_OUTBOX_MIGRATIONS: Migration[] = [
  {
    name: '202612010000-core-dev-sms-outbox',
    async up({ queryInterface }) {
      await queryInterface.createTable(TABLE, {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        to_phone: { type: DataTypes.STRING(20), allowNull: false },
        body: { type: DataTypes.STRING(400), allowNull: false },
        code: { type: DataTypes.STRING(10), allowNull: true },
        sent_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex(TABLE, ['to_phone', 'id'], { name: 'dev_sms_outbox_phone' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable(TABLE);
    },
  },
];

export interface DevSmsMessage {
  to: string;
  body: string;
  /** The sign-in code it carries; null for other texts. */
  code: string | null;
  sentAt: string;
}

/** Stores a text "sent" in development (and drops what is older than the newest DEV_SMS_OUTBOX_CAPACITY). */
export async function addDevSms(db: Database, message: DevSmsMessage): Promise<void> {
  const { sequelize } = db;
  await sequelize.query(`INSERT INTO ${TABLE} (to_phone, body, code, sent_at) VALUES (?, ?, ?, ?)`, { replacements: [message.to, message.body.slice(0, 400), message.code, new Date(message.sentAt)] });
  const [row] = await db.select<{ newest: number | string | null }>(`SELECT MAX(id) AS newest FROM ${TABLE}`, []);
  const newest = Number(row?.newest ?? 0);
  if (newest > DEV_SMS_OUTBOX_CAPACITY) await sequelize.query(`DELETE FROM ${TABLE} WHERE id <= ?`, { replacements: [newest - DEV_SMS_OUTBOX_CAPACITY] });
}

/** The texts "sent" to `phone` (or to anyone), newest first. */
export async function listDevSms(db: Database, phone?: string): Promise<DevSmsMessage[]> {
  const rows = await db.select<{ to: string; body: string; code: string | null; sentAt: string | Date }>(
    `SELECT to_phone AS \`to\`, body, code, sent_at AS sentAt FROM ${TABLE}${phone ? ' WHERE to_phone = ?' : ''} ORDER BY id DESC LIMIT ${DEV_SMS_OUTBOX_CAPACITY}`,
    phone ? [phone] : [],
  );
  return rows.map((row) => ({ to: row.to, body: row.body, code: row.code ?? null, sentAt: new Date(row.sentAt).toISOString() }));
}

/** The tables services/core owns (idempotency keys, the sync log, the dev SMS outbox): every app that migrates runs them first. */
export const CORE_MIGRATIONS: Migration[] = [...IDEMPOTENCY_MIGRATIONS, ...SYNC_MIGRATIONS, ...DEV_SMS_OUTBOX_MIGRATIONS];
