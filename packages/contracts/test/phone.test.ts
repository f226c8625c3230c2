import { formatPhoneForDisplay, normalizePhoneForSending, formatStoredPhone } from '../src/phone';

describe('formatPhoneForDisplay (SPEC §5)', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['55', '55'],
    ['555', '555'],
    ['5551', '(555) 1'],
    ['55512', '(555) 12'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['555123456', '(555) 123-456'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.4567 ext 9', '(555) 123-4567'],
    ['abc', ''],
    ['+1 555', '(155) 5'],
  ])('%j is shown as %j', (input, expected) => {
    expect(formatPhoneForDisplay(input)).toBe(expected);
  });
});

describe('normalizePhoneForSending (SPEC §5)', () => {
  it.each([
    ['5551234567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['15551234567', '+15551234567'],
    ['1 (555) 123-4567', '+15551234567'],
    ['+1 555 123 4567', '+15551234567'],
    ['25551234567', '25551234567'],
    ['555123456', '555123456'],
    ['', ''],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
  ])('%j is sent as %j', (input, expected) => {
    expect(normalizePhoneForSending(input)).toBe(expected);
  });
});

describe('formatStoredPhone', () => {
  test.each([
    ['+14155550123', '(415) 555-0123'],
    ['14155550123', '(415) 555-0123'],
    ['4155550123', '(415) 555-0123'],
    ['+442071234567', '+442071234567'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatStoredPhone(input)).toBe(expected);
  });
});
