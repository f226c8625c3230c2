import { problems, type Database } from '@vouch/service-core';
import { OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionRequest, type IntroductionRequestStatus } from '@vouch/contracts';
import { countSuggestions, findRequest, moveRequestStatus } from '../data-access/requests-and-suggestions.repository';
import { cancelAwaitingIntroductions } from '../data-access/introductions.repository';
import { recordIntroductionChanges, recordRequestChanges } from './introduction-sync';
import { CANCEL_MESSAGES } from './messages';
import { requestStatusAt } from './introduction-state';
import { addressedNames, toRequestDto } from './request-dto';
import { visibleRequest } from './visibility';

const closed = (status: IntroductionRequestStatus) =>
  problems.conflict(status === 'cancelled' ? CANCEL_MESSAGES.cancelled : status === 'expired' ? CANCEL_MESSAGES.expired : CANCEL_MESSAGES.completed, 'NOT_OPEN');

/**
 * POST /api/introduction-requests/:id/cancel — the requester withdraws an open request.
 * Someone who cannot see the request gets the usual 404; someone who can (a member within its
 * degree) but did not ask gets 403. A completed or already cancelled request is 409 with the
 * reason. The move is a conditional update (open → cancelled), so a cancel racing an accept
 * gives one winner. The request then leaves My Network's Requests, takes no suggestions, and
 * its pending suggestions can no longer be accepted or rejected, and the introductions still
 * awaiting their suggested person are withdrawn (cancelled). The month's introductions
 * unit is not given back (the request did go out to the network).
 */
export async function cancelIntroductionRequest(db: Database, memberId: number, requestId: number | null, now = new Date()): Promise<IntroductionRequest> {
  const { request } = await visibleRequest(db, requestId, memberId);
  if (request.requesterId !== memberId) throw problems.forbidden(CANCEL_MESSAGES.notRequester, 'NOT_REQUESTER');
  const status = requestStatusAt(request, now);
  if (!(OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(status)) throw closed(status);
  // The answer's counts and names are read in the transaction: once it commits nothing is left to
  // fail (a lost connection cannot turn the cancel into a 503 whose retry hears NOT_OPEN).
  const { counts, names } = await db.transaction(async (t) => {
    if (await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'cancelled', now)) {
      recordRequestChanges(db, t, [request]);
      recordIntroductionChanges(db, t, await cancelAwaitingIntroductions(db, t, request.id, now));
      return { counts: await countSuggestions(db, [request.id], t), names: await addressedNames(db, [request], t) };
    }
    const current = await findRequest(db, request.id, t);
    throw closed(current?.status ?? 'cancelled');
  });
  return toRequestDto({ ...request, status: 'cancelled', updatedAt: now }, counts.get(request.id) ?? { all: 0, pending: 0 }, names);
}
