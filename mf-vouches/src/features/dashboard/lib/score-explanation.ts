/**
 * The words of "Why this score" (issue 44 item 5): each vouch as "+12: Marcus Chen, trusted by 31,
 * vouched for you", the last change, the bound. Pure: the points come from the server.
 */
import type { ExplainedVouch, ReputationExplanation } from '@vouch/contracts';

/** "+12", "−3", "0": a signed whole number of points. */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return '0';
}

const morePeople = (n: number) => (n === 1 ? '1 more person' : `${n} more people`);

/** "Marcus Chen, trusted by 31, vouched for you" (an invite: "invited you"). */
export function vouchLine(vouch: ExplainedVouch): string {
  return `${vouch.voucherName}, trusted by ${vouch.trustedBy}, ${vouch.type === 'invite' ? 'invited you' : 'vouched for you'}`;
}

export interface ExplanationLine {
  key: string;
  points: string;
  text: string;
}

/** What the score is made of, largest first: each named vouch, the others together, the lift from helping. */
export function scoreLines(explanation: ReputationExplanation): ExplanationLine[] {
  const lines: ExplanationLine[] = explanation.vouches.map((v) => ({ key: `vouch-${v.voucherId}`, points: signedPoints(v.points), text: vouchLine(v) }));
  if (explanation.otherVouches.count > 0) lines.push({ key: 'others', points: signedPoints(explanation.otherVouches.points), text: `${morePeople(explanation.otherVouches.count)} vouched for you` });
  if (explanation.fromHelping > 0) lines.push({ key: 'helping', points: signedPoints(explanation.fromHelping), text: 'Helping others: people you vouched for and introductions' });
  return lines;
}

/** "Your score went from 46 to 70 on 29 Nov 2026." */
export function lastChangeSentence(change: NonNullable<ReputationExplanation['lastChange']>, locale?: string): string {
  const day = new Date(change.changedAt).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return `Your score went from ${change.from} to ${change.to} on ${day}.`;
}

/** What moved it: each new vouch, then the rest ("Changes elsewhere in the network"), when not 0. */
export function lastChangeLines(change: NonNullable<ReputationExplanation['lastChange']>): ExplanationLine[] {
  const lines = change.vouches.map((v) => ({ key: `new-${v.voucherId}`, points: signedPoints(v.points), text: vouchLine(v) }));
  if (change.network !== 0) lines.push({ key: 'network', points: signedPoints(change.network), text: 'Changes elsewhere in the network (scores are relative to a typical member)' });
  return lines;
}

/** The bound, as the page says it. */
export function boundSentence(maxVouchPoints: number): string {
  return `One vouch's own share of your score is at most ${maxVouchPoints} points.`;
}
