/**
 * Who may be asked for a vouch (issue 40: wanted, not spam). An ask reaches the asked member's
 * bell and, as they chose, their phone: so it goes only to people the asker knows (1° on the free
 * plan, like LinkedIn's recommendations; 2° on the paid plans), never again within 30 days of a
 * decline, never from someone they blocked, and never more than a few times a week whoever asks.
 * Plain rules over what the use case read; the sentences are the 4xx details a person reads.
 */
import { Problem, problems } from '@vouch/service-core';
import { VOUCH_ASK_MESSAGES } from '@vouch/contracts';

/** After a decline, the asker may ask the same member again after this many days. */
export const ASK_DECLINE_COOLDOWN_DAYS = 30;
/** A member is asked at most this many times in a rolling week, by anyone. */
export const ASKS_PER_RECIPIENT_PER_WEEK = 3;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const longDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export interface AskFacts {
  /** The asked member's name. */
  askedName: string;
  /** Hops between asker and asked over accepted vouches, up to the plan's reach; null beyond it. */
  degree: number | null;
  /** How far the asker's plan reaches (Tier.askDegree), and the plan names to say so. */
  askDegree: 1 | 2;
  planName: string;
  upgradePlanName: string;
  /** Whether the asked member's profile is public (a private one beyond reach is not revealed). */
  askedIsPublic: boolean;
  /** The asked member refuses asks from the asker. */
  blocked: boolean;
  /** When the asked member last declined this asker's ask. */
  lastDeclinedAt: Date | null;
  /** When the asked member was asked (by anyone) within the last week. */
  recentAsks: readonly Date[];
  now: Date;
}

/** Why this ask may not be made, or null. */
export function askRefusal(facts: AskFacts): Problem | null {
  const { askedName, degree, askDegree, now } = facts;
  if (degree === null || degree > askDegree) {
    // A private member beyond reach is the same "not found" as an id nobody has.
    if (!facts.askedIsPublic) return problems.notFound(VOUCH_ASK_MESSAGES.memberNotFound);
    const reach = askDegree === 1 ? 'your 1st degree connections' : 'your 1st and 2nd degree connections';
    const upgrade = askDegree === 1 ? ` ${askedName} is not one of them yet: vouch for each other first, or upgrade to ${facts.upgradePlanName} to ask 2nd degree connections.` : ` ${askedName} is not one of them.`;
    return problems.forbidden(`On ${facts.planName} you can ask ${reach} for a Vouch.${upgrade}`, 'ASK_OUT_OF_REACH');
  }
  if (facts.blocked) return problems.forbidden(`${askedName} is not taking asks for a Vouch from you.`, 'ASKS_BLOCKED');
  if (facts.lastDeclinedAt && now.getTime() - facts.lastDeclinedAt.getTime() < ASK_DECLINE_COOLDOWN_DAYS * DAY_MS) {
    const again = new Date(facts.lastDeclinedAt.getTime() + ASK_DECLINE_COOLDOWN_DAYS * DAY_MS);
    return problems.conflict(`${askedName} declined your last ask on ${longDate(facts.lastDeclinedAt)}. You can ask again from ${longDate(again)}.`, 'ASK_DECLINED_RECENTLY');
  }
  const recent = facts.recentAsks.filter((at) => now.getTime() - at.getTime() < WEEK_MS).sort((a, b) => a.getTime() - b.getTime());
  if (recent.length >= ASKS_PER_RECIPIENT_PER_WEEK) {
    // The ask that frees a place is the oldest of the week that counts against the cap.
    const freeAt = recent[recent.length - ASKS_PER_RECIPIENT_PER_WEEK]!.getTime() + WEEK_MS;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    const days = Math.ceil(seconds / 86_400);
    const problem = problems.tooManyRequests(`${askedName} has been asked for several Vouches this week. Try again in ${days === 1 ? '1 day' : `${days} days`}.`, seconds);
    return new Problem(429, problem.detail, { code: 'ASKED_TOO_OFTEN', headers: problem.headers });
  }
  return null;
}

/** Since when asks count against the weekly cap at `now`. */
export function weekBefore(now: Date): Date {
  return new Date(now.getTime() - WEEK_MS);
}
