import type { Database } from '@vouch/service-core';
import { problems } from '@vouch/service-core';
import { INTRODUCTION_MESSAGES } from '@vouch/contracts';
import { reachWithin, type Reach } from '@vouch/service-vouches';
import { findRequest, type RequestRecord } from '../data-access/requests-and-suggestions.repository';

export interface VisibleRequest {
  request: RequestRecord;
  /** 0 for the requester, else the viewer's degree to the requester (≤ the request's degree). */
  viewerDegree: number;
  /** The viewer's reach within the request's degree (read to decide; my-matches ranks it), null for the requester. */
  reach: Reach[] | null;
}

/**
 * The request if `memberId` may see it: its requester, or a member within the request's degree
 * of the requester (never for a request addressed to a member). Anyone else gets the same 404 as
 * for a request that does not exist.
 */
export async function visibleRequest(db: Database, requestId: number | null, memberId: number): Promise<VisibleRequest> {
  const request = requestId === null ? null : await findRequest(db, requestId);
  if (!request) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  if (request.requesterId === memberId) return { request, viewerDegree: 0, reach: null };
  // Addressed to a member (issue 44): not the network's to see, help with or match against.
  if (request.targetId !== null) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  const reach = await reachWithin(db, memberId, request.degreeLevel);
  const requester = reach.find((r) => r.memberId === request.requesterId);
  if (!requester) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  return { request, viewerDegree: requester.degree, reach };
}

/** The request if `memberId` is its requester; 404 otherwise (the requester's own views). */
export async function ownRequest(db: Database, requestId: number | null, memberId: number): Promise<RequestRecord> {
  const request = requestId === null ? null : await findRequest(db, requestId);
  if (!request || request.requesterId !== memberId) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  return request;
}
