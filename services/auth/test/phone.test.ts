import { normalizePhone, smsRefusal, SMS_REFUSALS } from '../src/domain/phone';
import { addressBucket } from '../src/domain/rate-limit';

describe('normalizePhone: the server decides what a North American phone is', () => {
  it.each([
    ['5551234567', '+15551234567'],
    ['15551234567', '+15551234567'],
    ['+15551234567', '+15551234567'],
    ['+1 555 123 4567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['1 (555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    ['  555-123-4567  ', '+15551234567'],
    ['+1 (212) 555-0199', '+12125550199'],
    ['(415) 555-2671', '+14155552671'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['555123456'],
    ['555123456789'],
    ['25551234567'],
    ['+445551234567'],
    ['+44 20 7946 0958'],
    ['+5551234567'],
    ['555-CALL-NOW'],
    ['5551234567 ext 12'],
    ['555123456a'],
    ['++15551234567'],
    ['1'.repeat(40)],
  ])('%j is refused', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(normalizePhone(5551234567 as unknown as string)).toBeNull();
    expect(normalizePhone(undefined as unknown as string)).toBeNull();
  });
});

describe('smsRefusal (issue 26 item 3): which numbers a sign-in code is texted to', () => {
  it('texts a valid number of an allowed country', () => {
    expect(smsRefusal('+12015550123', ['US'], false)).toBeNull();
    expect(smsRefusal('+16135551234', ['US', 'CA'], false)).toBeNull();
  });

  it('refuses premium-rate, invalid and other countries', () => {
    expect(smsRefusal('+19005551234', ['US'], false)).toBe(SMS_REFUSALS.costly);
    expect(smsRefusal('+12465551234', ['US'], false)).toBe(SMS_REFUSALS.invalid);
    expect(smsRefusal('+18765551234', ['US'], false)).toBe(SMS_REFUSALS.country(['US']));
  });

  it('lets the fictional +1 555 range through only outside production', () => {
    expect(smsRefusal('+15551234567', ['US'], true)).toBeNull();
    expect(smsRefusal('+15551234567', ['US'], false)).toBe(SMS_REFUSALS.invalid);
  });
});

describe('addressBucket: the client address a limit counts under', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
  ])('%s counts as %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});
