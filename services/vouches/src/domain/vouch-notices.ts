/**
 * What each vouch and ask event tells whom (issue 40): the sentences of the bell (each side's own
 * wording), the texts, and the object each opens. Every call runs inside the event's transaction
 * (notify writes the bell item and the outbox row there).
 */
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { noteOwnStep, notify } from '@vouch/service-notifications';
import { notificationLinks, vouchAskedText, type VouchType } from '@vouch/contracts';

const noun = (type: VouchType) => (type === 'invite' ? 'invitation' : 'Vouch');

/** The sentences of the vouch activities, for each side. */
export const vouchActivityText = {
  created: (type: VouchType, recipientName: string) =>
    type === 'invite' ? `You invited ${recipientName} to join Vouch.` : `You vouched for ${recipientName}.`,
  receivedForRecipient: (type: VouchType, voucherName: string, answersAsk = false) =>
    type === 'invite' ? `${voucherName} invited you to join Vouch.` : `${voucherName} vouched for you${answersAsk ? ', answering your ask' : ''}.`,
  acceptedForVoucher: (type: VouchType, recipientName: string) => `${recipientName} accepted your ${noun(type)}.`,
  acceptedForRecipient: (type: VouchType, voucherName: string) => `You accepted ${voucherName}'s ${noun(type)}.`,
  rejectedForVoucher: (type: VouchType, recipientName: string) => `${recipientName} declined your ${noun(type)}.`,
  rejectedForRecipient: (type: VouchType, voucherName: string) => `You declined ${voucherName}'s ${noun(type)}.`,
  revoked: (type: VouchType, recipientName: string) => `You revoked your ${noun(type)} for ${recipientName}.`,
};

/**
 * The texts (SMS) of vouch events: templates of ours, filled with names only (a reason, a message
 * or anything else a member wrote never travels in a text). The worker adds the object's link.
 */
export const VOUCH_TEXTS = {
  received: 'Vouch: {voucher} vouched for you. See it and accept:',
  invited: 'Vouch: {voucher} invited you to join Vouch. See it:',
  accepted: 'Vouch: {recipient} accepted your Vouch.',
  declined: 'Vouch: {recipient} declined your Vouch.',
  asked: 'Vouch: {asker} asked you for a Vouch. Vouch for them or decline:',
  askDeclined: 'Vouch: {asked} declined your ask for a Vouch.',
} as const;

interface VouchRef {
  id: number;
  type: VouchType;
  vouchToken: string;
  voucherId: number;
}

/** A vouch was created: the voucher's own step; a recipient who is a member already hears of it at once. */
export async function tellVouchCreated(db: Database, t: Transaction, vouch: VouchRef & { recipientName: string }, voucherName: string, recipient: { id: number; answersAsk: boolean } | null, at: Date): Promise<void> {
  await noteOwnStep(db, t, { memberId: vouch.voucherId, type: 'vouch_created', bell: vouchActivityText.created(vouch.type, vouch.recipientName), object: { type: 'vouch', id: vouch.id }, link: notificationLinks.sentVouch(vouch.id), at });
  if (!recipient) return;
  await notify(db, t, {
    memberId: recipient.id,
    kind: 'vouch_received',
    type: 'vouch_created',
    bell: vouchActivityText.receivedForRecipient(vouch.type, voucherName, recipient.answersAsk),
    text: { template: vouch.type === 'invite' ? VOUCH_TEXTS.invited : VOUCH_TEXTS.received, fields: { names: { voucher: voucherName } } },
    object: { type: 'vouch', id: vouch.id },
    link: notificationLinks.vouchForRecipient(vouch.vouchToken),
    aboutMemberId: vouch.voucherId,
    at,
  });
}

/** The recipient answered: the voucher hears of it; the recipient's own step is in their bell. */
export async function tellVouchAnswered(db: Database, t: Transaction, vouch: VouchRef, accepted: boolean, names: { recipient: string; voucher: string }, recipientId: number | null, at: Date): Promise<void> {
  const object = { type: 'vouch', id: vouch.id } as const;
  await notify(db, t, {
    memberId: vouch.voucherId,
    kind: accepted ? 'vouch_accepted' : 'vouch_declined',
    type: accepted ? 'vouch_accepted' : 'vouch_rejected',
    bell: accepted ? vouchActivityText.acceptedForVoucher(vouch.type, names.recipient) : vouchActivityText.rejectedForVoucher(vouch.type, names.recipient),
    text: { template: accepted ? VOUCH_TEXTS.accepted : VOUCH_TEXTS.declined, fields: { names: { recipient: names.recipient } } },
    object,
    link: notificationLinks.sentVouch(vouch.id),
    aboutMemberId: recipientId,
    at,
  });
  // Someone who declined without joining (issue 44) has no bell to note it in.
  if (recipientId === null) return;
  await noteOwnStep(db, t, {
    memberId: recipientId,
    type: accepted ? 'vouch_accepted' : 'vouch_rejected',
    bell: accepted ? vouchActivityText.acceptedForRecipient(vouch.type, names.voucher) : vouchActivityText.rejectedForRecipient(vouch.type, names.voucher),
    object,
    link: notificationLinks.vouchForRecipient(vouch.vouchToken),
    aboutMemberId: vouch.voucherId,
    at,
  });
}

/** The voucher revoked a pending vouch: their own step (the recipient was never told of a pending vouch by anyone but them). */
export async function tellVouchRevoked(db: Database, t: Transaction, vouch: VouchRef & { recipientName: string }, at: Date): Promise<void> {
  await noteOwnStep(db, t, { memberId: vouch.voucherId, type: 'vouch_revoked', bell: vouchActivityText.revoked(vouch.type, vouch.recipientName), object: { type: 'vouch', id: vouch.id }, link: notificationLinks.sentVouch(vouch.id), at });
}

/** A member asked another for a vouch: the asked member hears of it (their message only in the bell, never in a text or on a lock screen). */
export async function tellAsked(db: Database, t: Transaction, ask: { id: number; message: string | null }, asker: { id: number; name: string }, askedId: number, at: Date): Promise<void> {
  const sentence = vouchAskedText(asker.name);
  await notify(db, t, {
    memberId: askedId,
    kind: 'vouch_asked',
    type: 'vouch_asked',
    bell: ask.message ? `${sentence} “${ask.message}”` : sentence,
    push: sentence,
    text: { template: VOUCH_TEXTS.asked, fields: { names: { asker: asker.name } } },
    object: { type: 'vouch_ask', id: ask.id },
    link: notificationLinks.askReceived(asker.id, ask.id),
    aboutMemberId: asker.id,
    at,
  });
}

/** The asked member declined: the asker hears of it (as the decline dialog promises); the decline is the asked member's own step. */
export async function tellAskDeclined(db: Database, t: Transaction, askId: number, asker: { id: number; name: string }, asked: { id: number; name: string }, at: Date): Promise<void> {
  const object = { type: 'vouch_ask', id: askId } as const;
  await notify(db, t, {
    memberId: asker.id,
    kind: 'ask_declined',
    type: 'vouch_ask_declined',
    bell: `${asked.name} declined your ask for a Vouch.`,
    text: { template: VOUCH_TEXTS.askDeclined, fields: { names: { asked: asked.name } } },
    object,
    link: notificationLinks.askSent(askId),
    aboutMemberId: asked.id,
    at,
  });
  await noteOwnStep(db, t, { memberId: asked.id, type: 'vouch_ask_declined', bell: `You declined ${asker.name}'s ask for a Vouch.`, object, link: `/members/${asker.id}`, aboutMemberId: asker.id, at });
}
