import { PHONE_MISMATCH } from '@vouch/contracts';
import { ApiError } from '@vouch/shell-sdk';
import { endedText, lastUsedText, signedInText } from '../src/features/sessions/lib/session-rules';
import {
  canRegister,
  cleanCode,
  countdownLabel,
  isBlank,
  isPhoneMismatch,
  registrationFailure,
  requestCodeFailure,
  retryAfterOf,
  tryAgainText,
  verifyFailure,
  waitPhrase,
} from '../src/features/sign-in/lib/sign-in-rules';

const mismatchDetail = 'Phone Number Mismatch: Please enter the phone number associated with this Vouch.';
const mismatch = new ApiError(403, mismatchDetail, { status: 403, code: 'PHONE_MISMATCH', detail: mismatchDetail });

describe('sign-in rules (SPEC §5)', () => {
  it('keeps only digits of a code, at most six', () => {
    expect(cleanCode('12 34-56')).toBe('123456');
    expect(cleanCode('1234567')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
  });

  it('does not submit a blank phone or code', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank('(415')).toBe(false);
  });

  it('needs both names non-blank to register', () => {
    expect(canRegister('Ada', 'Lovelace')).toBe(true);
    expect(canRegister('Ada', ' ')).toBe(false);
    expect(canRegister('', 'Lovelace')).toBe(false);
  });
});

describe('sign-in toasts (SPEC §8)', () => {
  it('shows a failed code request as Error with the server message', () => {
    const error = new ApiError(429, 'Too many codes requested. Please try again later.', null);
    expect(requestCodeFailure(error)).toEqual({ title: 'Error', description: 'Too many codes requested. Please try again later.', variant: 'destructive' });
  });

  it('recognises the vouch recipient check and shows Phone Number Mismatch', () => {
    expect(isPhoneMismatch(mismatch)).toBe(true);
    expect(isPhoneMismatch(new ApiError(403, 'Something else', null))).toBe(false);
    // The problem code decides, not the sentence: reworded, still a mismatch; the same words under another code, not.
    expect(isPhoneMismatch(new ApiError(403, 'That is not the number this vouch was sent to.', { code: 'PHONE_MISMATCH' }))).toBe(true);
    expect(isPhoneMismatch(new ApiError(403, mismatchDetail, { code: 'FORBIDDEN' }))).toBe(false);
    expect(isPhoneMismatch(new Error('Phone Number Mismatch'))).toBe(false);
    expect(requestCodeFailure(mismatch)).toEqual({ title: 'Phone Number Mismatch', description: PHONE_MISMATCH.description, variant: 'destructive' });
    expect(verifyFailure(mismatch).title).toBe('Phone Number Mismatch');
  });

  it('shows a wrong code as Verification Failed and a refused registration as Registration Failed, with the message', () => {
    const wrong = new ApiError(400, 'The verification code is incorrect.', null);
    expect(verifyFailure(wrong)).toEqual({ title: 'Verification Failed', description: 'The verification code is incorrect.', variant: 'destructive' });
    expect(registrationFailure(new ApiError(409, 'Already registered.', null))).toEqual({
      title: 'Registration Failed',
      description: 'Already registered.',
      variant: 'destructive',
    });
  });
});

describe('Resend code countdown (issue 28)', () => {
  it('counts whole seconds, rounded up, as m:ss', () => {
    expect(countdownLabel(120_000)).toBe('2:00');
    expect(countdownLabel(119_001)).toBe('2:00');
    expect(countdownLabel(65_000)).toBe('1:05');
    expect(countdownLabel(400)).toBe('0:01');
    expect(countdownLabel(0)).toBe('0:00');
    expect(countdownLabel(-5)).toBe('0:00');
  });
});

describe('when to try again (issue 43)', () => {
  it("reads a refusal's Retry-After, and nothing from other failures", () => {
    expect(retryAfterOf({ status: 429, retryAfterSeconds: 840 })).toBe(840);
    expect(retryAfterOf({ status: 400, retryAfterSeconds: 840 })).toBeNull();
    expect(retryAfterOf({ status: 429, retryAfterSeconds: null })).toBeNull();
    expect(retryAfterOf(new Error('offline'))).toBeNull();
  });

  it('says the wait in words, rounded up', () => {
    expect(waitPhrase(840_000)).toBe('14 minutes');
    expect(waitPhrase(60_000)).toBe('1 minute');
    expect(waitPhrase(61_000)).toBe('2 minutes');
    expect(waitPhrase(45_200)).toBe('46 seconds');
    expect(waitPhrase(23 * 3_600_000)).toBe('23 hours');
    expect(tryAgainText(840_000)).toBe('Too many codes were sent to this number. You can ask for another in 14 minutes.');
  });
});

describe('the sessions page (issue 43)', () => {
  const now = new Date('2026-03-04T12:00:00.000Z');
  it('says which session is this one, and when the others were last used', () => {
    expect(lastUsedText({ current: true, lastUsedAt: now.toISOString() }, now)).toBe('This device');
    expect(lastUsedText({ current: false, lastUsedAt: '2026-03-04T09:00:00.000Z' }, now)).toBe('Last used about 3 hours ago');
  });

  it('says when it signed in and from which network', () => {
    expect(signedInText({ signedInAt: '2026-03-01T10:00:00.000Z', place: '203.0.113.0/24' })).toBe('Signed in Mar 1, 2026 · from 203.0.113.0/24');
    expect(signedInText({ signedInAt: '2026-03-01T10:00:00.000Z', place: null })).toBe('Signed in Mar 1, 2026');
    expect(endedText(0)).toBe('No other session was signed in.');
    expect(endedText(1)).toBe('1 other session was signed out.');
    expect(endedText(3)).toBe('3 other sessions were signed out.');
  });
});
