// A notification event as a vouch received makes one (a bell item, a text and a push), numbered
// so each has its own object and link: what delivery tests queue with notify().
import type { NotificationEvent } from '@vouch/service-notifications';

export const vouchReceivedEvent = (memberId: number, i: number): NotificationEvent => ({
  memberId,
  kind: 'vouch_received',
  type: 'vouch_created',
  bell: `Vouch number ${i}.`,
  text: { template: 'Vouch: {voucher} vouched for you.', fields: { names: { voucher: 'Ann Able' } } },
  object: { type: 'vouch', id: 100 + i },
  link: `/vouch/token-${i}`,
  at: new Date(),
});
