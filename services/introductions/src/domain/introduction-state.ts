import { INTRODUCTION_ANSWER_DAYS, type IntroductionRole, type IntroductionStatus } from '@vouch/contracts';

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
