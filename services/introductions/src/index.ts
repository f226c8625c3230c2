// The public module of the introductions service (docs/architecture.md): its ServiceDefinition
// and what other services may call. Nothing else leaves this package.
import type { Database } from '@vouch/service-core';
import type { Introduction, IntroductionRequest, Suggestion } from '@vouch/contracts';
import { createIntroductionRequest, toCreateRequestCommand } from './domain/create-request.use-case';
import { createAddressedRequest, toAddressedRequestCommand } from './domain/addressed-request.use-case';
import { answerIntroductionAs } from './domain/introductions.use-case';
import { answerSuggestionAs, createSuggestion } from './domain/suggestions.use-case';
import service from './service';

export default service;
export { introductionFacts } from './domain/introduction-facts';
export type { IntroductionFacts } from './domain/introduction-facts';
export { introductionLinksOf } from './data-access/introduction-links';
export type { IntroductionLink } from './data-access/introduction-links';
export { introductionsMemberData } from './domain/member-data';

/**
 * The member asks their network for an introduction, exactly as POST /api/introduction-requests
 * (same body, rules, quota and activity; Problems on refusal) but outside a request: the demo
 * network of `npm run seed`. `now` is the request's instant.
 */
export function createIntroductionRequestAs(db: Database, memberId: number, body: unknown, now = new Date()): Promise<IntroductionRequest> {
  return createIntroductionRequest(db, memberId, toCreateRequestCommand(body), now);
}

/** The member asks a 1° connection to introduce them to a member, as POST /api/introduction-requests with targetId, outside a request (`npm run seed`). */
export function createAddressedRequestAs(db: Database, memberId: number, body: unknown, now = new Date()): Promise<IntroductionRequest> {
  return createAddressedRequest(db, memberId, toAddressedRequestCommand(body), now);
}

/** The member suggests someone (or themselves) for a request, as POST /api/introduction-suggestions, outside a request (`npm run seed`). */
export function createSuggestionAs(db: Database, memberId: number, body: unknown, now = new Date()): Promise<Suggestion> {
  return createSuggestion(db, memberId, body, now);
}

/** The requester accepts or rejects a suggestion, as POST /api/introduction-suggestions/:id/accept|reject, outside a request (`npm run seed`). */
export function answerSuggestionAsRequester(db: Database, memberId: number, suggestionId: number, action: 'accept' | 'reject', now = new Date()): Promise<Suggestion> {
  return answerSuggestionAs(db, memberId, suggestionId, action, now);
}

/** The suggested person agrees to or declines an introduction, as POST /api/introductions/:id/accept|decline, outside a request (`npm run seed`). */
export function answerIntroductionAsTarget(db: Database, memberId: number, introductionId: number, action: 'accept' | 'decline', now = new Date()): Promise<Introduction> {
  return answerIntroductionAs(db, memberId, introductionId, action, now);
}
