import { z } from 'zod';
import { registerAddressedRequestPaths } from './addressed-requests.openapi';
import { BODY_PROBLEMS, EXPENSIVE_READ_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, pageQuery, problemResponse, SIGNED_IN, SYNC_PROBLEMS, syncPageQuery, syncQuery, syncResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  addressedRequestBody,
  connectorInsightsResponse,
  INTRODUCTION_ANSWER_DAYS,
  introductionListSchema,
  introductionSchema,
  createIntroductionRequestBody,
  createSuggestionBody,
  introductionRequestListSchema,
  introductionRequestSchema,
  myMatchesResponse,
  networkIntroductionRequestListSchema,
  suggestionListSchema,
  suggestionSchema,
} from '@vouch/contracts';

const unauthorized = { 401: unauthorizedResponse() };
const pageProblems = { 400: problemResponse('limit out of range, a cursor this list did not give out, or updated_since not an ISO 8601 date-time') };
const idParam = z.object({ id: z.number().int().describe('The numeric id') });
const SYNC_HOW = (changes: string) =>
  `Without sync_token: every item, oldest id first, in pages (follow hasMore); then pass the last nextSyncToken to get what changed since, in the order it was committed: ${changes}, each as it now is, and a RemovedItem for one that went with an account. Nothing committed is ever skipped; an item may come twice (replace by id). 410 SYNC_TOKEN_EXPIRED after SYNC_TOKEN_DAYS (30) unused: sync again without a token.`;
// Ids travel as numbers; their decimal text is accepted too. Documented as integers.
const suggestionBodyDoc = createSuggestionBody.extend({ requestId: z.number().int().positive(), suggestedPersonId: z.number().int().positive().nullable().optional() });

// Ids travel as numbers; their decimal text is accepted too. Documented as integers.
const addressedRequestBodyDoc = addressedRequestBody.extend({ targetId: z.number().int().positive(), connectorId: z.number().int().positive() });

const tags = ['introductions'];

/** Introduction requests: asking, my requests and their sync, introductions' sync, one request. */
function registerRequestPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/introduction-requests',
    operationId: 'createIntroductionRequest',
    tags,
    security: SIGNED_IN,
    summary: 'Ask your network for an introduction',
    description:
      'To the whole network ("find me someone who…"): requestType, desiredSkills and reason are required (400 "Please fill in all required fields", with each missing field in errors); context is optional; degreeLevel is 1, 2 or 3 and must be allowed by your plan (free: 1–2; 403 names the plan that allows it). Addressed to a member (issue 44: a body with targetId): connectorId (your 1° connection who is directly connected to them: GET /api/introduction-requests/connectors) and reason are required (400); the request starts awaiting_connector, is not shown to the network, and the connector is notified (connector_asked) to forward or decline it. 400 for yourself as target or connector, or the target as connector; 404 unknown member; 403 when the connector is not your 1° or does not know the target; 409 ALREADY_CONNECTED (the target is your 1°) or ALREADY_ASKED (an open request of yours to them exists). Either way you need at least one accepted vouch, given or received (403), and it uses one unit of the monthly introductions allowance (402 at the limit; nothing is written). Adds an introduction_requested activity.',
    request: {
      body: jsonRequestBody(z.union([createIntroductionRequestBody, addressedRequestBodyDoc]), { requestType: 'Mentorship', desiredSkills: 'Go, distributed systems', reason: 'I am moving from frontend to backend work.', context: 'Remote is fine.', degreeLevel: 2 }),
    },
    responses: {
      201: jsonResponse(introductionRequestSchema, 'The new request (status broadcasting, or awaiting_connector when addressed)'),
      400: problemResponse('Please fill in all required fields / Degree level must be 1, 2 or 3. / Please choose who introduces you. / You cannot ask for an introduction to yourself.'),
      ...unauthorized,
      402: problemResponse('Monthly introductions allowance used up'),
      403: problemResponse('No vouch yet, the degree is not in your plan, or (addressed) the connector is not your 1° or does not know the target'),
      404: problemResponse('Addressed: the member does not exist'),
      409: problemResponse('Addressed: ALREADY_CONNECTED or ALREADY_ASKED'),
      ...BODY_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/my',
    operationId: 'listMyIntroductionRequests',
    tags,
    security: SIGNED_IN,
    summary: 'My introduction requests, newest first, with suggestion counts',
    description: 'With updated_since (for the web; best effort, apps use /introduction-requests/my/sync): my requests stamped at or after it (status, a suggestion received or answered), oldest change first.',
    request: { query: syncPageQuery() },
    responses: { 200: pagedResponse(introductionRequestListSchema, 'Requests'), ...pageProblems, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/my/sync',
    operationId: 'syncMyIntroductionRequests',
    tags,
    security: SIGNED_IN,
    summary: 'Sync my copy of my introduction requests',
    description: SYNC_HOW('a request made, its status moved, a suggestion received or answered (its counts), a suggestion withdrawn with its member\'s account, the member it is addressed to or its connector renamed (addressedTo.name, connector.name)'),
    request: { query: syncQuery() },
    responses: { 200: syncResponse(introductionRequestSchema, 'IntroductionRequestChanges', 'request'), ...SYNC_PROBLEMS, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introductions/sync',
    operationId: 'syncIntroductions',
    tags,
    security: SIGNED_IN,
    summary: 'Sync my copy of the introductions I take part in',
    description: SYNC_HOW('an introduction started, answered or cancelled, a participant renamed. Expiry is not a change (compare expiresAt)'),
    request: { query: syncQuery() },
    responses: { 200: syncResponse(introductionSchema, 'IntroductionChanges', 'introduction'), ...SYNC_PROBLEMS, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/{id}',
    operationId: 'getMyIntroductionRequest',
    tags,
    security: SIGNED_IN,
    summary: 'One introduction request (a notification or deep link opens it)',
    description:
      'To its requester, to the members who suggested someone for it or were suggested (the connector and the target of its introductions), and, while it is open, to the members within its degree who may help. Anyone else gets the 404 of an unknown id.',
    request: { params: idParam },
    responses: { 200: jsonResponse(introductionRequestSchema, 'The request'), ...unauthorized, 404: problemResponse('Unknown request, or not visible to you') },
  });
}

/** Helping a request along: one suggestion, the requests open for suggestions, matches, connector insights, cancelling. */
function registerMatchingPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-suggestions/{id}',
    operationId: 'getSuggestion',
    tags,
    security: SIGNED_IN,
    summary: 'One suggestion, to the requester, the member who made it and the person suggested (a notification opens it)',
    request: { params: idParam },
    responses: { 200: jsonResponse(suggestionSchema, 'The suggestion'), ...unauthorized, 404: problemResponse('Unknown suggestion, or not yours') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/for-suggestions',
    operationId: 'listIntroductionRequestsForSuggestions',
    tags,
    security: SIGNED_IN,
    summary: "My network's open requests I can help with",
    description:
      "Open requests (broadcasting, collecting_suggestions) of members within each request's degree of me, not mine, newest first. networkSize: how many people I reach within that degree (the requester excluded). Self-suggestion by plan (SPEC §6, by the request's degree): free never, Network Pro 1st–2nd, Network Catalyst any; otherwise selfSuggestionRestriction says why and requiredTier names the plan.",
    request: { query: pageQuery() },
    responses: { 200: pagedResponse(networkIntroductionRequestListSchema, 'Requests'), ...pageProblems, ...unauthorized, ...EXPENSIVE_READ_PROBLEMS },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/{id}/my-matches',
    operationId: 'listMyMatches',
    tags,
    security: SIGNED_IN,
    summary: 'People I could introduce, ranked and grouped (offline matching)',
    description:
      "Candidates: everyone within the request's degree of me, except the requester. relevanceScore 0–100 from a field-weighted BM25 over their accepted vouches (skills > accomplishments > character traits > reasons, with skill synonyms) blended with trust (independent vouchers for the skill, my distance to them, their reputation). Tiers: ≥90 perfect, ≥70 strong, ≥50 potential, else other. My plan caps perfect+strong+potential together (free 3, paid 10; potential ≤ 5); other ≤ 5. phone is full only for my 1° connections. Only the requester and members within the request's degree see it; everyone else gets 404.",
    request: { params: idParam },
    responses: { 200: jsonResponse(myMatchesResponse, 'Matches by tier'), ...unauthorized, 404: problemResponse('Unknown request, or not visible to you'), ...EXPENSIVE_READ_PROBLEMS },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/{id}/connector-insights',
    operationId: 'getConnectorInsights',
    tags,
    security: SIGNED_IN,
    summary: "The requester's potential connectors: their 1° connections through whom matches are reachable",
    description:
      'A match is a candidate with relevance ≥ 50 from the requester\'s own network within the request\'s degree; its connector is the first hop of a shortest path (the match themselves at 1°). networkDistance: the nearest such match\'s degree. Requester only; others 404.',
    request: { params: idParam },
    responses: { 200: jsonResponse(connectorInsightsResponse, 'Connectors, best first'), ...unauthorized, 404: problemResponse('Unknown request, or not yours'), ...EXPENSIVE_READ_PROBLEMS },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/introduction-requests/{id}/cancel',
    operationId: 'cancelIntroductionRequest',
    tags,
    security: SIGNED_IN,
    summary: 'Cancel my introduction request',
    description:
      'Requester only: a member who can see the request but did not make it gets 403; anyone else 404. Only an open request (broadcasting, collecting_suggestions) can be cancelled; a completed or already cancelled one is 409 with the reason. The request leaves My Network\'s Requests and takes no new suggestions; its pending suggestions can no longer be accepted or rejected (409) and no longer count as awaiting you (pendingSuggestionCount 0). The month\'s introductions unit is not given back. No body.',
    request: { params: idParam },
    responses: {
      200: jsonResponse(introductionRequestSchema, 'The request, now cancelled'),
      ...unauthorized,
      403: problemResponse('You can see the request but did not make it'),
      404: problemResponse('Unknown request, or not visible to you'),
      409: problemResponse('The request is already completed or cancelled'),
    },
  });
}

/** Suggestions: those made for my requests, making one, and accepting or rejecting it. */
function registerSuggestionPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-suggestions',
    operationId: 'listSuggestions',
    tags,
    security: SIGNED_IN,
    summary: 'Suggestions made for my request, newest first',
    description: 'Requester only (others 404). suggestedPersonPhone is masked unless it is a self-suggestion you accepted.',
    request: { query: pageQuery().extend({ requestId: z.number().int().describe('The request id') }) },
    responses: { 200: pagedResponse(suggestionListSchema, 'Suggestions'), 400: problemResponse('requestId missing or not an id; limit or cursor invalid'), ...unauthorized, 404: problemResponse('Unknown request, or not yours') },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/introduction-suggestions',
    operationId: 'createSuggestion',
    tags,
    security: SIGNED_IN,
    summary: 'Suggest someone from my network (or myself) for a request',
    description:
      'reasoning is required ("Please provide reasoning for this suggestion"; for yourself "Please provide a reason for your self-suggestion"). The person must be within the request\'s degree of you (403) and not the requester (400). Suggesting yourself depends on your plan and the request\'s degree (403 with the reason). Duplicate → 409; a request no longer open → 409; your own request → 403; a request you cannot see → 404. The request moves broadcasting → collecting_suggestions.',
    request: { body: jsonRequestBody(suggestionBodyDoc, { requestId: 12, suggestedPersonId: 34, reasoning: 'She led the Go migration at our last company and loves mentoring.' }) },
    responses: {
      201: jsonResponse(suggestionSchema, 'The suggestion (pending_requestor)'),
      400: problemResponse('Missing reasoning or person'),
      ...unauthorized,
      403: problemResponse('Not in your network, self-suggestion not in your plan, or your own request'),
      404: problemResponse('Unknown request, or not visible to you'),
      409: problemResponse('DUPLICATE: already suggested (the suggestion\'s id in existingId); or NOT_OPEN: the request is closed'),
      ...BODY_PROBLEMS,
    },
  });
  for (const action of ['accept', 'reject'] as const) {
    registry.registerPath({
      method: 'post',
      path: `/api/introduction-suggestions/{id}/${action}`,
      operationId: `${action}Suggestion`,
      tags,
      security: SIGNED_IN,
      summary: action === 'accept' ? 'Accept a suggestion (asks the suggested person)' : 'Reject a suggestion',
      description:
        action === 'accept'
          ? `Requester only (others 404); only a pending_requestor suggestion (409 otherwise; also 409 when the request was cancelled). Starts the double opt-in introduction: the suggested person is asked in the bell (introduction_asked, GET /api/introductions) and by text and push as they chose, and has ${INTRODUCTION_ANSWER_DAYS} days to agree; the request completes when they agree. A self-suggestion is agreed at once (introduced) and completes the request.`
          : 'Requester only (others 404); only a pending_requestor suggestion (409 otherwise). The request keeps its status.',
      request: { params: idParam },
      responses: { 200: jsonResponse(suggestionSchema, 'The suggestion as it now is'), ...unauthorized, 404: problemResponse('Unknown suggestion, or not your request'), 409: problemResponse('Already answered, or the request was cancelled') },
    });
  }
}

/** Introductions: mine, one, and the introduced members' answers. */
function registerIntroductionPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/introductions',
    operationId: 'listMyIntroductions',
    tags,
    security: SIGNED_IN,
    summary: 'Introductions I take part in (as requester, suggested person or connector), newest first',
    description: `status: awaiting_target (the suggested person has not answered; after ${INTRODUCTION_ANSWER_DAYS} days it reads expired), introduced (both agreed), declined, expired, cancelled (the request was cancelled first). Phones are given only to the requester and the suggested person, once introduced. With updated_since (for the web; best effort, apps use /introductions/sync): the introductions stamped at or after it (asked, answered, cancelled; expiry is not a change), oldest change first.`,
    request: { query: syncPageQuery() },
    responses: { 200: pagedResponse(introductionListSchema, 'Introductions'), ...pageProblems, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introductions/{id}',
    operationId: 'getIntroduction',
    tags,
    security: SIGNED_IN,
    summary: 'One introduction I take part in, as my list shows it',
    description:
      'The requester, the suggested person (target) and the connector; anyone else gets the 404 of an unknown id. One of yours that went when another participant deleted their account answers 410 DELETED_WITH_ACCOUNT (for as long as a sync token lives), as your sync said with a RemovedItem.',
    request: { params: idParam },
    responses: {
      200: jsonResponse(introductionSchema, 'The introduction'),
      ...unauthorized,
      404: problemResponse('Unknown introduction, or not yours'),
      410: problemResponse('DELETED_WITH_ACCOUNT: it went when another participant deleted their account'),
    },
  });
  for (const action of ['accept', 'decline'] as const) {
    registry.registerPath({
      method: 'post',
      path: `/api/introductions/{id}/${action}`,
      operationId: action === 'accept' ? 'acceptIntroduction' : 'declineIntroduction',
      tags,
      security: SIGNED_IN,
      summary: action === 'accept' ? 'Agree to an introduction (the suggested person)' : 'Decline an introduction (the suggested person)',
      description:
        action === 'accept'
          ? 'The suggested person only. Both now see each other\'s name and phone and the connector\'s note; the request completes; the requester and the connector are told (activity; the requester also by SMS). No body.'
          : 'The suggested person only. The requester and the connector are told (activity); the request stays open for other suggestions. No body.',
      request: { params: idParam },
      responses: {
        200: jsonResponse(introductionSchema, 'The introduction as it now is'),
        ...unauthorized,
        403: problemResponse('You are the requester or the connector: only the suggested person answers'),
        404: problemResponse('Unknown introduction, or you take no part in it'),
        409: problemResponse('Already answered, or the request was cancelled'),
        410: problemResponse(`No answer within ${INTRODUCTION_ANSWER_DAYS} days: expired`),
      },
    });
  }
}

/** Adds the introductions service's paths to the OpenAPI document, in the document's order. */
export function registerIntroductionsOpenApi(registry: OpenApiRegistry): void {
  registerRequestPaths(registry);
  registerMatchingPaths(registry);
  registerSuggestionPaths(registry);
  registerIntroductionPaths(registry);
  registerAddressedRequestPaths(registry);
}
