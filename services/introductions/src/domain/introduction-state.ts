import { INTRODUCTION_ANSWER_DAYS, type IntroductionRequestStatus, type IntroductionRole, type IntroductionStatus } from '@vouch/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an introduction asked at `askedAt` lapses without an answer. */
/** An introduction's last change: its answer or cancellation (both stamp answeredAt), else when it was asked. */
export function introductionChangedAt(introduction: { createdAt: Date; answeredAt: Date | null }): Date {
  return introduction.answeredAt ?? introduction.createdAt;
}

export function introductionExpiry(askedAt: Date): Date {
  return new Date(askedAt.getTime() + INTRODUCTION_ANSWER_DAYS * DAY_MS);
}

/** The status a reader sees: an introduction still awaiting its target after expiresAt has expired (silence is a no). */
export function introductionStatusAt(stored: { status: IntroductionStatus; expiresAt: Date }, now: Date): IntroductionStatus {
  return stored.status === 'awaiting_target' && stored.expiresAt.getTime() <= now.getTime() ? 'expired' : stored.status;
}

/**
 * When a request addressed to a member, asked at `askedAt`, lapses if its connector never answers:
 * the same days the target gets once it is forwarded (a silent connector is a no, like a silent target).
 */
export function connectorExpiry(askedAt: Date): Date {
  return introductionExpiry(askedAt);
}

/**
 * The status a reader sees of a request: one still awaiting its connector at its connectorExpiry
 * has expired (no job: computed on read like an introduction's expiry; the stored row keeps
 * awaiting_connector, and a new request to the same member releases it: addressed-request.use-case).
 */
export function requestStatusAt(stored: { status: IntroductionRequestStatus; createdAt: Date }, now: Date): IntroductionRequestStatus {
  return stored.status === 'awaiting_connector' && connectorExpiry(stored.createdAt).getTime() <= now.getTime() ? 'expired' : stored.status;
}

/** The moment before which a request awaiting its connector has expired at `now` (for conditional updates). */
export function connectorAskedAfter(now: Date): Date {
  return new Date(now.getTime() - INTRODUCTION_ANSWER_DAYS * DAY_MS);
}

/** Phones are exchanged only between the requester and the target, and only once both agreed. */
export function sharesPhones(status: IntroductionStatus, role: IntroductionRole): boolean {
  return status === 'introduced' && role !== 'connector';
}

/** The member's part in an introduction, or null when they take no part (a requester who is also the connector cannot happen). */
export function roleIn(introduction: { requesterId: number; targetId: number; connectorId: number }, memberId: number): IntroductionRole | null {
  if (introduction.requesterId === memberId) return 'requester';
  if (introduction.targetId === memberId) return 'target';
  if (introduction.connectorId === memberId) return 'connector';
  return null;
}
