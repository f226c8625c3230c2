import { ApiError } from '@vouch/shell-sdk';
import { answeredSentence, answerFailureToast, dashboardAfterAccept, REDIRECT_AFTER_ACCEPT_MS, signedInAsRecipient } from '../src/features/vouches/lib/public-vouch';

describe('after answering on the public page', () => {
  it('an accepted vouch leads to the dashboard after 2 s, flagged for new members', () => {
    expect(REDIRECT_AFTER_ACCEPT_MS).toBe(2000);
    expect(dashboardAfterAccept(true)).toBe('/dashboard?newUser=true');
    expect(dashboardAfterAccept(false)).toBe('/dashboard');
  });

  it("the server's phone check reads Phone Number Mismatch", () => {
    const detail = 'Phone Number Mismatch: Please enter the phone number associated with this Vouch.';
    const error = new ApiError(403, detail, { status: 403, code: 'PHONE_MISMATCH', detail });
    expect(answerFailureToast(error)).toEqual({ title: 'Phone Number Mismatch', description: 'Please enter the phone number associated with this Vouch.' });
  });

  it('an answered or expired vouch shows the server sentence; anything else the generic failure', () => {
    expect(answerFailureToast(new ApiError(409, 'This Vouch has already been accepted.', null))).toEqual({ title: 'Error', description: 'This Vouch has already been accepted.' });
    expect(answerFailureToast(new ApiError(410, 'This Vouch has expired.', null)).description).toBe('This Vouch has expired.');
    expect(answerFailureToast(new ApiError(403, 'You cannot answer your own Vouch.', null))).toEqual({ title: 'Error', description: 'Failed to respond to Vouch' });
    expect(answerFailureToast(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', description: 'Failed to respond to Vouch' });
  });
});

describe('signedInAsRecipient', () => {
  it('a signed-in member whose phone ends in the four digits shown answers without verifying again', () => {
    expect(signedInAsRecipient('+14155550123', '•••-•••-0123')).toBe(true);
  });

  it('anyone else, or nobody signed in, verifies the phone in the dialog', () => {
    expect(signedInAsRecipient('+14155550124', '•••-•••-0123')).toBe(false);
    expect(signedInAsRecipient(null, '•••-•••-0123')).toBe(false);
    expect(signedInAsRecipient('+14155550123', '')).toBe(false);
  });
});

describe('the page of an answered vouch (issue 28)', () => {
  it('tells the visitor who just answered what they did, anyone later what became of it', () => {
    expect(answeredSentence('rejected', 'reject')).toBe('You declined this Vouch.');
    expect(answeredSentence('rejected', null)).toBe('This Vouch was declined.');
    expect(answeredSentence('accepted', 'accept')).toBe('You accepted this Vouch.');
    expect(answeredSentence('accepted', null)).toBe('This Vouch was accepted.');
    // An answer given here that the server did not take says nothing about this page.
    expect(answeredSentence('accepted', 'reject')).toBe('This Vouch was accepted.');
  });
});
