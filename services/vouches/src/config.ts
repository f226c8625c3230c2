/** Configuration of the vouches service, read once from the environment. */
export interface VouchesConfig {
  /** VOUCH_EXPIRY_DAYS (default 30): how long a vouch can be answered. */
  expiryDays: number;
}

/** A number from `name`, or `fallback` when unset; start fails outside (min, max] (or [min, max] with minInclusive). */
function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, range: { min: number; max: number; minInclusive: boolean; unit: string }): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  const tooSmall = range.minInclusive ? value < range.min : value <= range.min;
  if (!Number.isFinite(value) || tooSmall || value > range.max) {
    const lowest = range.minInclusive ? `from ${range.min}` : `above ${range.min}`;
    throw new Error(`${name} must be a number of ${range.unit} ${lowest}, at most ${range.max} (got "${raw}").`);
  }
  return value;
}

export function readVouchesConfig(env: NodeJS.ProcessEnv): VouchesConfig {
  return {
    expiryDays: numberFrom(env, 'VOUCH_EXPIRY_DAYS', 30, { min: 0, max: 3650, minInclusive: false, unit: 'days' }),
  };
}
