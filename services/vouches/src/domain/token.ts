import { randomBytes } from 'node:crypto';

/** 24 random bytes → 32 base64url characters: 192 bits, URL-safe, no padding. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export function newVouchToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether `value` could be a vouch token at all (anything else is "not found" without a query). */
export function isVouchTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}
