import { Op, literal, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

/** A sign-in code as stored: one per sign-in attempt. */
export interface OtpCodeRecord {
  id: number;
  phone: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
  providerRef: string | null;
}

/**
 * Stores the code of a new sign-in attempt. Other attempts' codes for the phone stay as they are
 * (a stranger asking for a code must not end the member's); codes of the phone that ended more
 * than a day ago are deleted on the way.
 */
export async function insertOtpCode(db: Database, input: { phone: string; attemptHash: string; codeHash: string; expiresAt: Date; now: Date }, t?: Transaction): Promise<number> {
  const { OtpCode } = authModels(db.sequelize);
  await OtpCode.destroy({ where: { phone: input.phone, expiresAt: { [Op.lt]: new Date(input.now.getTime() - 24 * 3600_000) } }, transaction: t });
  const row = await OtpCode.create(
    { phone: input.phone, attemptHash: input.attemptHash, codeHash: input.codeHash, expiresAt: input.expiresAt, attempts: 0, createdAt: input.now },
    { transaction: t, silent: true },
  );
  return Number(row.get('id'));
}

/** Notes the SMS provider's id of the text that carried the code. */
export async function setOtpProviderRef(db: Database, id: number, providerRef: string): Promise<void> {
  await authModels(db.sequelize).OtpCode.update({ providerRef }, { where: { id } });
}

/** A code the text never carried (the provider refused or failed): it can no longer be used. */
export async function dropOtpCode(db: Database, id: number): Promise<void> {
  await authModels(db.sequelize).OtpCode.destroy({ where: { id } });
}

/** The code of the attempt with this hash for this phone (used, expired or not), or null. */
export async function findOtpCodeOfAttempt(db: Database, attemptHash: string, phone: string, t?: Transaction): Promise<OtpCodeRecord | null> {
  const row = await authModels(db.sequelize).OtpCode.findOne({ where: { attemptHash, phone }, transaction: t, raw: true });
  if (!row) return null;
  const r = row as unknown as Record<string, unknown>;
  return {
    id: Number(r.id),
    phone: String(r.phone),
    codeHash: String(r.codeHash),
    expiresAt: new Date(r.expiresAt as string | Date),
    attempts: Number(r.attempts),
    consumedAt: r.consumedAt ? new Date(r.consumedAt as string | Date) : null,
    providerRef: r.providerRef ? String(r.providerRef) : null,
  };
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
