import type { ReputationExplanation } from '@vouch/contracts';
import { boundSentence, lastChangeLines, lastChangeSentence, scoreLines, signedPoints, vouchLine } from '../src/features/dashboard/lib/score-explanation';

const marcus = { voucherId: 4, voucherName: 'Marcus Chen', trustedBy: 31, type: 'recommendation' as const, points: 12 };
const explanation: ReputationExplanation = {
  score: 58,
  fromVouches: 54,
  fromHelping: 4,
  vouches: [marcus, { voucherId: 9, voucherName: 'Ines Alvarez', trustedBy: 1, type: 'invite', points: 9 }],
  otherVouches: { count: 3, points: 33 },
  maxVouchPoints: 16,
  lastChange: { from: 46, to: 58, changedAt: '2026-11-29T10:00:00.000Z', vouches: [marcus], network: 0 },
};

describe('why this score, in words', () => {
  it('says each vouch as the issue does: "+12: Marcus Chen, trusted by 31, vouched for you"', () => {
    expect(vouchLine(marcus)).toBe('Marcus Chen, trusted by 31, vouched for you');
    expect(scoreLines(explanation).map((l) => `${l.points}: ${l.text}`)).toEqual([
      '+12: Marcus Chen, trusted by 31, vouched for you',
      '+9: Ines Alvarez, trusted by 1, invited you',
      '+33: 3 more people vouched for you',
      '+4: Helping others: people you vouched for and introductions',
    ]);
  });

  it('says the last change, and puts the rest on the network only when there is a rest', () => {
    expect(lastChangeSentence(explanation.lastChange!, 'en-GB')).toBe('Your score went from 46 to 58 on 29 Nov 2026.');
    expect(lastChangeLines(explanation.lastChange!).map((l) => l.text)).toEqual(['Marcus Chen, trusted by 31, vouched for you']);
    expect(lastChangeLines({ ...explanation.lastChange!, network: -1 }).map((l) => `${l.points} ${l.text}`)).toContain(
      '−1 Changes elsewhere in the network (scores are relative to a typical member)',
    );
  });

  it('signs points and states the bound', () => {
    expect([signedPoints(3), signedPoints(0), signedPoints(-2)]).toEqual(['+3', '0', '−2']);
    expect(boundSentence(16)).toBe("One vouch's own share of your score is at most 16 points.");
  });
});
