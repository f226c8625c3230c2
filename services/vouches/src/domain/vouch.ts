import type { Vouch, VouchStatus, VouchType } from '@vouch/contracts';

/** A vouch row as the domain sees it (repositories return these plain objects). */
export interface VouchRecord {
  id: number;
  type: VouchType;
  /** `revoked` is reserved in the table for a later feature; nothing writes it yet. */
  status: VouchStatus | 'revoked';
  token: string;
  voucherId: number;
  recipientName: string;
  recipientPhone: string;
  recipientId: number | null;
  reason: string | null;
  skills: string | null;
  characterTraits: string | null;
  accomplishments: string | null;
  createdAt: Date;
  acceptedAt: Date | null;
  respondedAt: Date | null;
  expiresAt: Date;
}

/**
 * The SPEC §3 Vouch. `voucherName` is the voucher's current member name; the recipient phone
 * is shown in full only to the voucher and the recipient (see toPublicVouchDto).
 */
export function toVouchDto(vouch: VouchRecord, voucherName: string): Vouch {
  return {
    id: vouch.id,
    type: vouch.type,
    // A revoked vouch is never listed; should one slip through it reads as declined.
    status: vouch.status === 'revoked' ? 'rejected' : vouch.status,
    vouchToken: vouch.token,
    publicToken: vouch.token,
    recipientName: vouch.recipientName,
    recipientPhone: vouch.recipientPhone,
    reason: vouch.reason,
    skills: vouch.skills,
    characterTraits: vouch.characterTraits,
    accomplishments: vouch.accomplishments,
    voucherName,
    createdAt: vouch.createdAt.toISOString(),
    acceptedAt: vouch.acceptedAt ? vouch.acceptedAt.toISOString() : null,
    expiresAt: vouch.expiresAt.toISOString(),
  };
}

/** "+15551231234" → "•••-•••-1234": the public page shows the last four digits at most (DESIGN §3). */
export function maskRecipientPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••-•••-${digits.slice(-4).padStart(4, '•')}`;
}

/** The anonymous public page's view: the same Vouch with the recipient phone masked. */
export function toPublicVouchDto(vouch: VouchRecord, voucherName: string): Vouch {
  return { ...toVouchDto(vouch, voucherName), recipientPhone: maskRecipientPhone(vouch.recipientPhone) };
}

export function isExpired(vouch: Pick<VouchRecord, 'expiresAt'>, now: Date): boolean {
  return vouch.expiresAt.getTime() <= now.getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a vouch created at `now` expires: VOUCH_EXPIRY_DAYS later. */
export function expiryFrom(now: Date, expiryDays: number): Date {
  return new Date(now.getTime() + expiryDays * DAY_MS);
}

/** The unique key that keeps one pending vouch per voucher and recipient phone. */
export function pendingKey(voucherId: number, recipientPhone: string): string {
  return `${voucherId}:${recipientPhone}`;
}
