/** Words about a vouch that several screens show (SPEC "Public Vouch page", "My Vouches"). */
import { DEFAULT_INVITE_MESSAGE, daysUntilExpiry, isVouchExpired, relationshipSeenBy, type Vouch, type VouchRelationship, type VouchStatus, type VouchType } from '@vouch/contracts';

export const VOUCH_TYPE_LABELS: Record<VouchType, string> = { recommendation: 'Recommendation', invite: 'Invite' };

/** "This Vouch expires in 30 days" (rounded up) or "This Vouch has expired". */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  if (isVouchExpired(expiresAt, now)) return 'This Vouch has expired';
  const days = daysUntilExpiry(expiresAt, now);
  return `This Vouch expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Badge colour per status; anything unknown stays neutral. */
export function statusPalette(status: VouchStatus | string): string {
  if (status === 'accepted') return 'green';
  if (status === 'rejected') return 'red';
  if (status === 'pending') return 'orange';
  return 'gray';
}

/** A pending vouch that can still be answered. */
export function isAnswerable(vouch: Pick<Vouch, 'status' | 'expiresAt'>, now: Date = new Date()): boolean {
  return vouch.status === 'pending' && !isVouchExpired(vouch.expiresAt, now);
}

export type VouchDetailsInput = Pick<Vouch, 'type' | 'reason' | 'skills' | 'characterTraits' | 'accomplishments'>;

/** The rows to show, in reading order; an invite's reason is its Personal Message (default text when empty). */
export function vouchDetailRows(vouch: VouchDetailsInput): { label: string; value: string }[] {
  if (vouch.type === 'invite') return [{ label: 'Personal Message', value: vouch.reason?.trim() || DEFAULT_INVITE_MESSAGE }];
  const rows: { label: string; value: string | null }[] = [
    { label: 'Character Traits', value: vouch.characterTraits },
    { label: 'Skills', value: vouch.skills },
    { label: 'Accomplishments', value: vouch.accomplishments },
    { label: 'Reason', value: vouch.reason },
  ];
  return rows.filter((row): row is { label: string; value: string } => !!row.value?.trim());
}

/**
 * What the other person is to me, from my side of the vouch (issue 28): "Your manager" on a vouch I
 * sent naming the recipient my manager, "Your report" on the recipient's copy; null when it holds none.
 */
export function relationshipText(relationship: VouchRelationship | null, side: 'given' | 'received'): string | null {
  const seen = relationshipSeenBy(relationship, side);
  return seen ? `Your ${seen}` : null;
}
