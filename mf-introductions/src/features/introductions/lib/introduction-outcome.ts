/**
 * How an introduction's state reads to each participant (issue 16, the double opt-in): a badge
 * and one sentence, from the status and who is looking. Plain, so it is tested without a browser.
 */
import { INTRODUCTION_ANSWER_DAYS, type IntroductionRole, type IntroductionStatus } from '@vouch/contracts';

export interface Outcome {
  label: string;
  palette: 'green' | 'red' | 'gray' | 'orange' | 'blue';
  sentence: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * `requester` / `target`: the two people's names; `expiresAt`: ISO. The requester and connector
 * read about the target; the target reads about the requester.
 */
export function introductionOutcome(status: IntroductionStatus, role: IntroductionRole, names: { requester: string; target: string }, expiresAt: string): Outcome {
  const { requester, target } = names;
  const until = dateFormat.format(new Date(expiresAt));
  switch (status) {
    case 'awaiting_target':
      if (role === 'target') return { label: 'Awaiting you', palette: 'orange', sentence: `${requester} would like an introduction to you. Answer by ${until}: your phone number is shared only if you agree.` };
      return { label: `Waiting for ${target}`, palette: 'blue', sentence: `${target} has been asked whether they want the introduction (until ${until}).` };
    case 'introduced':
      if (role === 'target') return { label: 'Introduced', palette: 'green', sentence: `You and ${requester} are introduced: you can reach each other.` };
      if (role === 'requester') return { label: 'Introduced', palette: 'green', sentence: `${target} agreed: you are introduced.` };
      return { label: 'Introduced', palette: 'green', sentence: `${target} agreed to be introduced to ${requester}.` };
    case 'declined':
      if (role === 'target') return { label: 'Declined', palette: 'gray', sentence: `You declined the introduction to ${requester}.` };
      return { label: 'Declined', palette: 'red', sentence: `${target} declined the introduction.` };
    case 'expired':
      if (role === 'target') return { label: 'Expired', palette: 'gray', sentence: `You did not answer within ${INTRODUCTION_ANSWER_DAYS} days, so the introduction lapsed.` };
      return { label: 'No answer', palette: 'gray', sentence: `${target} did not answer within ${INTRODUCTION_ANSWER_DAYS} days, so the introduction lapsed.` };
    case 'cancelled':
      if (role === 'target') return { label: 'Withdrawn', palette: 'gray', sentence: `${requester} cancelled the request before you answered.` };
      return { label: 'Withdrawn', palette: 'gray', sentence: `The request was cancelled before ${target} answered.` };
  }
}
