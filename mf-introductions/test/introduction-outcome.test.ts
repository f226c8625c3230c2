import { introductionOutcome } from '../src/features/introductions/lib/introduction-outcome';

const names = { requester: 'Rita Requester', target: 'Ben Lee' };
const expiresAt = '2026-03-15T10:00:00Z';

describe('how an introduction reads to each participant', () => {
  it('awaiting: the target is asked to answer by the expiry, the others wait for the target', () => {
    expect(introductionOutcome('awaiting_target', 'target', names, expiresAt)).toEqual({
      label: 'Awaiting you',
      palette: 'orange',
      sentence: 'Rita Requester would like an introduction to you. Answer by Mar 15: your phone number is shared only if you agree.',
    });
    expect(introductionOutcome('awaiting_target', 'requester', names, expiresAt).label).toBe('Waiting for Ben Lee');
    expect(introductionOutcome('awaiting_target', 'connector', names, expiresAt).sentence).toBe('Ben Lee has been asked whether they want the introduction (until Mar 15).');
  });

  it('introduced, declined, silence and a cancelled request each say what happened, from the reader\'s side', () => {
    expect(introductionOutcome('introduced', 'requester', names, expiresAt).sentence).toBe('Ben Lee agreed: you are introduced.');
    expect(introductionOutcome('introduced', 'target', names, expiresAt).sentence).toBe('You and Rita Requester are introduced: you can reach each other.');
    expect(introductionOutcome('declined', 'connector', names, expiresAt)).toMatchObject({ label: 'Declined', sentence: 'Ben Lee declined the introduction.' });
    expect(introductionOutcome('expired', 'requester', names, expiresAt)).toMatchObject({ label: 'No answer', sentence: 'Ben Lee did not answer within 14 days, so the introduction lapsed.' });
    expect(introductionOutcome('cancelled', 'target', names, expiresAt).sentence).toBe('Rita Requester cancelled the request before you answered.');
  });
});
