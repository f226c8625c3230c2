import { normalizePhone } from '../src/domain/phone';

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
