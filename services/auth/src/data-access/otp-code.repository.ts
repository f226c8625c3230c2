import { Op, literal, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

export interface OtpCodeRecord {
  id: number;
  phone: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
}

/** Stores a new code for the phone; any earlier unused code of that phone stops working. */
export async function replaceOtpCode(db: Database, input: { phone: string; codeHash: string; expiresAt: Date; now: Date }, t?: Transaction): Promise<void> {
  const { OtpCode } = authModels(db.sequelize);
  await OtpCode.update({ consumedAt: input.now }, { where: { phone: input.phone, consumedAt: null }, transaction: t });
  // Housekeeping: codes that can no longer be used are of no further interest.
  await OtpCode.destroy({ where: { phone: input.phone, expiresAt: { [Op.lt]: new Date(input.now.getTime() - 24 * 3600_000) } }, transaction: t });
  await OtpCode.create({ phone: input.phone, codeHash: input.codeHash, expiresAt: input.expiresAt, attempts: 0, createdAt: input.now }, { transaction: t, silent: true });
}

/** The phone's newest code that was neither used nor replaced (it may have expired). */
export async function findOpenOtpCode(db: Database, phone: string, t?: Transaction): Promise<OtpCodeRecord | null> {
  const row = await authModels(db.sequelize).OtpCode.findOne({ where: { phone, consumedAt: null }, order: [['id', 'DESC']], transaction: t });
  if (!row) return null;
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return { id: Number(r.id), phone: String(r.phone), codeHash: String(r.codeHash), expiresAt: new Date(r.expiresAt as string | Date), attempts: Number(r.attempts) };
}

/** Counts one try, only while fewer than `maxTries` were made; false when the code is spent. */
export async function countOtpAttempt(db: Database, id: number, maxTries: number, t?: Transaction): Promise<boolean> {
  const [affected] = await authModels(db.sequelize).OtpCode.update(
    { attempts: literal('attempts + 1') },
    { where: { id, consumedAt: null, attempts: { [Op.lt]: maxTries } }, transaction: t },
  );
  return affected > 0;
}

/** Marks the code used; false if someone else used it first. */
export async function consumeOtpCode(db: Database, id: number, now: Date, t?: Transaction): Promise<boolean> {
  const [affected] = await authModels(db.sequelize).OtpCode.update({ consumedAt: now }, { where: { id, consumedAt: null }, transaction: t });
  return affected > 0;
}
