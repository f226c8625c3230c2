/**
 * Half-unlocked (issue 16): the member sent vouches nobody has answered yet. Their network,
 * reputation and introductions open only once one is accepted, so the dashboard says whose
 * answer it waits for and offers the link again, instead of "Start with your first Vouch".
 */
import type { Vouch } from '@vouch/contracts';
import { isAnswerable } from '../../../lib/vouch-text';

/** Sent vouches still waiting for an answer that can come (pending, unexpired), newest first as listed. */
export function waitingVouches(sent: readonly Vouch[], now: Date = new Date()): Vouch[] {
  return sent.filter((vouch) => isAnswerable(vouch, now));
}

const firstName = (name: string): string => name.trim().split(/\s+/)[0] || name.trim();

/** "Sam", "Sam and Rosa", "Sam, Rosa and 2 others": who the member waits for. */
export function waitingForNames(waiting: readonly Pick<Vouch, 'recipientName'>[]): string {
  const names = waiting.map((vouch) => firstName(vouch.recipientName));
  if (names.length <= 2) return names.join(' and ');
  const others = names.length - 2;
  return `${names[0]}, ${names[1]} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

export interface UnlockCopy {
  heading: string;
  text: string;
  /** The locked panels' sentences. */
  reputation: string;
  network: string;
  profile: string;
}

/** What the banner and the locked panels say, with no vouch sent yet or with some waiting. */
export function unlockCopy(waiting: readonly Pick<Vouch, 'recipientName'>[]): UnlockCopy {
  if (waiting.length === 0) {
    return {
      heading: 'Welcome to Vouch! Start with your first Vouch',
      text: 'Vouch for someone whose work you trust, or invite them to join. Your reputation, network map and profile summary unlock as soon as you have one.',
      reputation: 'Your reputation score, social capital and network size appear after your first Vouch.',
      network: 'Your network map unlocks with your first Vouch: see your 1° and 2° connections grow.',
      profile: 'Your profile summary unlocks with your first Vouch.',
    };
  }
  const who = waitingForNames(waiting);
  const once = waiting.length === 1 ? `once ${who} accepts` : 'once one of them accepts';
  return {
    heading: `Waiting for ${who} to accept — share the ${waiting.length === 1 ? 'link' : 'links'} again`,
    text: `Your reputation, network map, introductions and profile summary unlock ${once}, or when you accept a Vouch made for you. A text from you is the surest way to get an answer.`,
    reputation: `Your reputation score, social capital and network size appear ${once}.`,
    network: `Your network map unlocks ${once}: see your 1° and 2° connections grow.`,
    profile: `Your profile summary unlocks ${once}.`,
  };
}
