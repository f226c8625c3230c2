/**
 * Sharing a vouch with its recipient (SPEC "Create Vouch dialog", §7 "Sharing uses an sms link
 * with recipient phone and message body, and clipboard copy").
 */
import { DEFAULT_INVITE_MESSAGE, type Vouch } from '@vouch/contracts';

/** The public page of a vouch: `${origin}/vouch/<token>`. */
export function publicVouchUrl(origin: string, vouchToken: string): string {
  return `${origin.replace(/\/+$/, '')}/vouch/${encodeURIComponent(vouchToken)}`;
}

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/**
 * The text message sent with the link. An invite carries the voucher's own message (or the
 * default welcome); a recommendation says a vouch is waiting to be accepted.
 */
export function shareMessage(vouch: Pick<Vouch, 'type' | 'recipientName' | 'reason'>, link: string): string {
  const hi = firstName(vouch.recipientName) ? `Hi ${firstName(vouch.recipientName)}! ` : 'Hi! ';
  if (vouch.type === 'invite') {
    const message = vouch.reason?.trim() || DEFAULT_INVITE_MESSAGE;
    return `${hi}${message} I've invited you to join Vouch, a network built on trust. Join here: ${link}`;
  }
  return `${hi}I just vouched for you on Vouch. See what I said and accept it here: ${link}`;
}

/**
 * An `sms:` link that opens the messaging app addressed to the recipient with the body filled
 * in. `?&body=` is the form both iOS (which reads `&body`) and Android (`?body`) understand.
 */
export function smsHref(phone: string, body: string): string {
  // A phone the voucher never saw (a vouch by member id) comes masked: the member picks whom to text.
  const to = phone.includes('•') ? '' : phone.replace(/[^\d+]/g, '');
  return `sms:${to}?&body=${encodeURIComponent(body)}`;
}
