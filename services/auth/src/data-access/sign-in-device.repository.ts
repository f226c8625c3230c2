import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

/** Whether the device with this token hash signed in with `phone` at or after `since`. */
export async function deviceSignedInSince(db: Database, tokenHash: string, phone: string, since: Date): Promise<boolean> {
  const row = await authModels(db.sequelize).SignInDevice.findOne({
    attributes: ['id'],
    where: { tokenHash, phone, lastSignInAt: { [Op.gte]: since } },
    raw: true,
  });
  return row !== null;
}

/** Notes that the device signed in with `phone` now (one row per device and phone). */
export async function rememberDeviceSignIn(db: Database, input: { tokenHash: string; phone: string; now: Date }, t: Transaction): Promise<void> {
  const { SignInDevice } = authModels(db.sequelize);
  const [updated] = await SignInDevice.update({ lastSignInAt: input.now }, { where: { tokenHash: input.tokenHash, phone: input.phone }, transaction: t });
  if (updated > 0) return;
  try {
    await SignInDevice.create({ tokenHash: input.tokenHash, phone: input.phone, createdAt: input.now, lastSignInAt: input.now }, { transaction: t });
  } catch (error) {
    // The same device signing in twice at once: one row is enough.
    if (!(error instanceof UniqueConstraintError)) throw error;
  }
}

/** The phone's devices lose their own allowance: these devices (by token hash), or all of them. */
export async function forgetDevices(db: Database, phone: string, tokenHashes: readonly string[] | 'all', t?: Transaction): Promise<void> {
  if (tokenHashes !== 'all' && tokenHashes.length === 0) return;
  const where = tokenHashes === 'all' ? { phone } : { phone, tokenHash: [...tokenHashes] };
  await authModels(db.sequelize).SignInDevice.destroy({ where, transaction: t });
}
