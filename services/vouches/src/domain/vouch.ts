import type { Vouch, VouchRelationship, VouchStatus, VouchType } from '@vouch/contracts';

/**
 * What a voucher wrote, as the vouches table stores it (lists comma-joined; null: left empty).
 * Every shape that carries a vouch's words extends this one, so a new field is added once.
 */
export interface VouchText {
  reason: string | null;
  skills: string | null;
  characterTraits: string | null;
  accomplishments: string | null;
}

/** A vouch row as the domain sees it (repositories return these plain objects). */
export interface VouchRecord extends VouchText {
  id: number;
  type: VouchType;
  /** `revoked`: the voucher withdrew it while pending (only their Sent list keeps it; its public page says so). */
  status: VouchStatus | 'revoked';
  vouchToken: string;
  /** FORMER_MEMBER_ID when the voucher deleted their account (voucher_id NULL in the table). */
  voucherId: number;
  recipientName: string;
  recipientPhone: string;
  recipientId: number | null;
  /** What the recipient is to the voucher; null for vouches made before relationships (issue 28). */
  relationship: VouchRelationship | null;
  createdAt: Date;
  acceptedAt: Date | null;
  respondedAt: Date | null;
  expiresAt: Date;
  /** When the voucher last copied or texted the link (issue 16); null until then. */
  lastSharedAt: Date | null;
  /** Addressed by member id (Vouch for, Vouch back, an ask): the voucher never saw the phone, the API masks it. */
  phonePrivate?: boolean;
  /** Its last change: what `updated_since` compares. */
  updatedAt: Date;
}

/**
 * The voucherId of a vouch whose voucher deleted their account: the table holds NULL, the
 * domain this id, which no member has (ids start at 1), so every lookup by id finds no one.
 */
export const FORMER_MEMBER_ID = 0;

/** How a vouch names a voucher who deleted their account (issue 10). */
export const FORMER_MEMBER_NAME = 'A former member';

/** The name a vouch shows for its voucher: theirs, "A former member" after a deletion, "A member" if unknown. */
export function voucherNameOf(names: ReadonlyMap<number, string>, voucherId: number): string {
  if (voucherId === FORMER_MEMBER_ID) return FORMER_MEMBER_NAME;
  return names.get(voucherId) ?? 'A member';
}

/**
 * The name a vouch shows for its recipient (issue 44): once a member answered it (recipient_id),
 * the name that member confirmed or chose, as it now is; before, the name the voucher typed.
 * Only the answering member's name replaces it, never a member found by the phone alone: a
 * voucher typing a number must not learn whose it is.
 */
export function recipientNameOf(names: ReadonlyMap<number, string>, vouch: Pick<VouchRecord, 'recipientId' | 'recipientName'>): string {
  return (vouch.recipientId !== null ? names.get(vouch.recipientId) : undefined) ?? vouch.recipientName;
}

/** The members whose names a list of vouches shows: their vouchers and the members who answered them. */
export function namedMemberIds(vouches: readonly Pick<VouchRecord, 'voucherId' | 'recipientId'>[]): number[] {
  return [...new Set(vouches.flatMap((v) => (v.recipientId !== null ? [v.voucherId, v.recipientId] : [v.voucherId])))];
}

/** What the public page and an answer say once the voucher revoked a pending vouch (410). */
export const REVOKED_MESSAGE = 'This Vouch was removed by its sender.';

/**
 * The SPEC §3 Vouch. `voucherName` is the voucher's current member name, `recipientName` the
 * recipient's (recipientNameOf: the typed name until a member answers); the recipient phone
 * is shown in full only to the voucher and the recipient (see toPublicVouchDto).
 */
export function toVouchDto(vouch: VouchRecord, voucherName: string, recipientName: string = vouch.recipientName): Vouch {
  return {
    id: vouch.id,
    type: vouch.type,
    status: vouch.status,
    vouchToken: vouch.vouchToken,
    publicToken: vouch.vouchToken,
    recipientName,
    recipientPhone: vouch.phonePrivate ? maskRecipientPhone(vouch.recipientPhone) : vouch.recipientPhone,
    reason: vouch.reason,
    skills: vouch.skills,
    characterTraits: vouch.characterTraits,
    accomplishments: vouch.accomplishments,
    voucherName,
    relationship: vouch.relationship,
    voucherId: vouch.voucherId === FORMER_MEMBER_ID ? null : vouch.voucherId,
    recipientId: vouch.recipientId,
    createdAt: vouch.createdAt.toISOString(),
    acceptedAt: vouch.acceptedAt ? vouch.acceptedAt.toISOString() : null,
    expiresAt: vouch.expiresAt.toISOString(),
    lastSharedAt: vouch.lastSharedAt ? vouch.lastSharedAt.toISOString() : null,
    addressedToMember: vouch.phonePrivate === true,
    updatedAt: vouch.updatedAt.toISOString(),
  };
}

/** "+15551231234" → "•••-•••-1234": the public page shows the last four digits at most (DESIGN §3). */
export function maskRecipientPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••-•••-${digits.slice(-4).padStart(4, '•')}`;
}

/** The anonymous public page's view: the same Vouch with the recipient phone masked. */
export function toPublicVouchDto(vouch: VouchRecord, voucherName: string, recipientName: string = vouch.recipientName): Vouch {
  // When the voucher shared the link is theirs to know, not the page's.
  // Nor are who the members are, by id, anyone's to read from a link.
  return { ...toVouchDto(vouch, voucherName, recipientName), recipientPhone: maskRecipientPhone(vouch.recipientPhone), lastSharedAt: null, addressedToMember: false, voucherId: null, recipientId: null };
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
