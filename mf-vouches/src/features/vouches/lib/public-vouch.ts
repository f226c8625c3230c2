/**
 * What the public vouch page decides around its read (api/public-vouch.ts): who is the recipient,
 * not found or removed, where an answer leads, and its toasts. A 404 is "Vouch Not Found".
 */
import { PHONE_MISMATCH, type VouchResponseAction } from '@vouch/contracts';
import { ApiError, isPhoneMismatch } from '@vouch/shell-sdk';

/**
 * Whether the signed-in member is, as far as the page can tell, the vouch's recipient: their
 * verified phone ends in the four digits the page shows. Then they answer at once, without
 * verifying the phone again; the server still checks the whole number.
 */
export function signedInAsRecipient(memberPhone: string | null | undefined, maskedRecipientPhone: string): boolean {
  const shown = maskedRecipientPhone.replace(/\D/g, '');
  return !!memberPhone && shown.length === 4 && memberPhone.replace(/\D/g, '').endsWith(shown);
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** 410 on the public read: the voucher revoked the vouch; the server's sentence says so. */
export const removedBySender = (error: unknown): string | null => (error instanceof ApiError && error.status === 410 ? error.detail : null);

/** Where an accepted vouch sends the member, 2 s later (SPEC "Public Vouch page"). */
export const dashboardAfterAccept = (isNewUser: boolean): string => (isNewUser ? '/dashboard?newUser=true' : '/dashboard');
export const REDIRECT_AFTER_ACCEPT_MS = 2000;

/** The toast after a successful answer on the public page (SPEC §8). */
export const PUBLIC_ANSWER_TOASTS: Record<VouchResponseAction, { title: string; description: string }> = {
  accept: { title: 'Vouch Accepted', description: "You've successfully accepted this Vouch!" },
  reject: { title: 'Vouch Declined', description: "You've declined this Vouch. Thank you for letting us know." },
};

/** The toast after declining from a phone without an account: none was made (issue 44). */
export const DECLINED_WITHOUT_JOINING = { title: 'Vouch Declined', description: 'You declined this Vouch without joining: no account was created.' };

/** The toast when the answer fails: the server's phone check has its own title (SPEC §5). */
export function answerFailureToast(error: unknown): { title: string; description: string } {
  if (isPhoneMismatch(error)) return { ...PHONE_MISMATCH };
  if (error instanceof ApiError && (error.status === 409 || error.status === 410)) return { title: 'Error', description: error.detail };
  return { title: 'Error', description: 'Failed to respond to Vouch' };
}

/**
 * What the page of an answered vouch says (issue 28: right after declining it said "This Vouch has
 * already been rejected"): to the visitor who just answered, what they did; to anyone later, what
 * became of it, in the words the buttons used.
 */
export function answeredSentence(status: string, answeredHere: VouchResponseAction | null): string {
  if (status === 'rejected') return answeredHere === 'reject' ? 'You declined this Vouch.' : 'This Vouch was declined.';
  if (status === 'accepted') return answeredHere === 'accept' ? 'You accepted this Vouch.' : 'This Vouch was accepted.';
  return `This Vouch was ${status}.`;
}
