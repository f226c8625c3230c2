import { DEFAULT_INVITE_MESSAGE } from '@vouch/contracts';
import { publicVouchUrl, shareMessage, smsHref } from '../src/features/create-vouch/lib/share';

const link = 'https://vouch.example/vouch/abc_DEF-123';

describe('the public link', () => {
  it('is the origin plus /vouch/<token>', () => {
    expect(publicVouchUrl('https://vouch.example', 'abc_DEF-123')).toBe(link);
    expect(publicVouchUrl('https://vouch.example/', 'abc_DEF-123')).toBe(link);
  });
});

describe('the share message', () => {
  it('for an invite carries the voucher message and the link', () => {
    const text = shareMessage({ type: 'invite', recipientName: 'Ivy Invitee', reason: 'Come build with us.' }, link);
    expect(text).toBe(`Hi Ivy! Come build with us. I've invited you to join Vouch, a network built on trust. Join here: ${link}`);
  });

  it('for an invite without a message uses the default welcome', () => {
    const text = shareMessage({ type: 'invite', recipientName: 'Ivy', reason: null }, link);
    expect(text).toContain(DEFAULT_INVITE_MESSAGE);
    expect(text).toContain("I think you'd be a great addition to the community!");
  });

  it('for a recommendation says a vouch waits to be accepted, with the link', () => {
    const text = shareMessage({ type: 'recommendation', recipientName: 'Rosa Recipient', reason: 'Great engineer' }, link);
    expect(text).toBe(`Hi Rosa! I just vouched for you on Vouch. See what I said and accept it here: ${link}`);
    expect(text).not.toContain(DEFAULT_INVITE_MESSAGE);
  });
});

describe('the sms link', () => {
  it('addresses the recipient phone and carries the encoded body', () => {
    // A phone the voucher never saw (a vouch by member id) comes masked: no recipient, the member picks one.
    expect(smsHref('•••-•••-4567', 'Hi')).toBe('sms:?&body=Hi');
    expect(smsHref('+15551234567', 'Hi Rosa! Accept: https://x.test/vouch/a?b&c')).toBe(
      'sms:+15551234567?&body=Hi%20Rosa!%20Accept%3A%20https%3A%2F%2Fx.test%2Fvouch%2Fa%3Fb%26c',
    );
  });

  it('keeps only digits and + of the phone', () => {
    expect(smsHref('+1 (555) 123-4567', 'x')).toBe('sms:+15551234567?&body=x');
  });
});
