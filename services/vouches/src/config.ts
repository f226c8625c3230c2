/** Configuration of the vouches service, read once from the environment. */
export interface VouchesConfig {
  /** VOUCH_EXPIRY_DAYS (default 30): how long a vouch can be answered. */
  expiryDays: number;
}

export function readVouchesConfig(env: NodeJS.ProcessEnv): VouchesConfig {
  const raw = env.VOUCH_EXPIRY_DAYS?.trim();
  const expiryDays = raw ? Number(raw) : 30;
  if (!Number.isFinite(expiryDays) || expiryDays <= 0 || expiryDays > 3650) {
    throw new Error(`VOUCH_EXPIRY_DAYS must be a number of days between 1 and 3650 (got "${raw}").`);
  }
  return { expiryDays };
}
