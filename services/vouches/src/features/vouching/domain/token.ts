import { randomBytes } from 'node:crypto';

/** 24 random bytes → 32 base64url characters: 192 bits, URL-safe, no padding (isVouchTokenShape in @vouch/contracts). */
const TOKEN_BYTES = 24;

export function newVouchToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}
