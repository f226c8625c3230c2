import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, problemResponse, PUBLIC, SIGNED_IN, syncPageQuery, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { activityKindQuery, activityListSchema, activityUnreadSchema, createVouchBody, markActivitiesSeenBody, publicVouchStateResponse, respondVouchBody, respondVouchResponse, statesQuery, vouchListSchema, vouchSchema } from '@vouch/contracts';
import { registerProfilesOpenApi } from './profiles.openapi';

const tags = ['vouches'];
const unauthorized = { 401: unauthorizedResponse() };
const pageProblems = { 400: problemResponse('limit out of range, a cursor this list did not give out, or updated_since not an ISO 8601 date-time') };
const SYNC = ' With updated_since: every vouch of this list changed at or after it, in any state (revoked, answered, expired), oldest change first.';

const respondResponses = {
  200: jsonResponse(respondVouchResponse, 'Answered: the vouch as it now is'),
  400: problemResponse('Malformed body or unknown action'),
  ...unauthorized,
  403: problemResponse('Phone Number Mismatch (signed in with another phone), or your own vouch'),
  404: problemResponse('Vouch Not Found'),
  409: problemResponse('This Vouch has already been accepted/rejected'),
  410: problemResponse('This Vouch has expired, or was removed by its sender (revoked)'),
  ...BODY_PROBLEMS,
};

export function registerVouchesOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/vouches',
    operationId: 'createVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Create a vouch (invite or recommendation)',
    description:
      'The server normalises the phone (a 10-digit North American number). A recommendation needs a reason and at least one of characterTraits, skills, accomplishments; blank categories are stored as null. You cannot vouch for your own phone, nor send a second pending vouch to the same phone (409). Invites use the monthly invites allowance, recommendations the vouches allowance (402 at the limit; nothing is written). The vouch expires after VOUCH_EXPIRY_DAYS (default 30).',
    request: {
      body: jsonRequestBody(createVouchBody, { type: 'recommendation', recipientName: 'Grace Hopper', recipientPhone: '+15557654321', reason: 'We shipped the compiler together.', skills: 'Compilers, COBOL', characterTraits: 'Patient, direct' }),
    },
    responses: {
      201: jsonResponse(vouchSchema, 'The new pending vouch; share /vouch/{vouchToken}'),
      400: problemResponse('Invalid input (e.g. "Please enter a valid 10-digit phone number.", "Please select at least one category to Vouch for.")'),
      ...unauthorized,
      402: problemResponse('Monthly plan limit reached'),
      409: problemResponse('DUPLICATE: a pending vouch to this phone already exists (its id in existingId)'),
      ...BODY_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/my',
    operationId: 'listMyVouches',
    tags,
    security: SIGNED_IN,
    summary: 'Vouches I sent, newest first (in any status: a revoked one stays, marked revoked)',
    description: `Each carries voucherId, recipientId (once answered) and updatedAt.${SYNC}`,
    request: { query: syncPageQuery() },
    responses: { 200: pagedResponse(vouchListSchema, 'Vouches'), ...pageProblems, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/pending-for-me',
    operationId: 'listPendingVouchesForMe',
    tags,
    security: SIGNED_IN,
    summary: 'Pending, unexpired vouches made for my phone, newest first',
    description: `With updated_since: every vouch sent to my phone (by others) changed at or after it, in any state, oldest change first.`,
    request: { query: syncPageQuery() },
    responses: { 200: pagedResponse(vouchListSchema, 'Vouches'), ...pageProblems, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/received',
    operationId: 'listReceivedVouches',
    tags,
    security: SIGNED_IN,
    summary: 'Vouches I accepted, most recently accepted first',
    description: `With updated_since: every vouch I answered (accepted or declined) changed at or after it, oldest change first.`,
    request: { query: syncPageQuery() },
    responses: { 200: pagedResponse(vouchListSchema, 'Vouches'), ...pageProblems, ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/{id}',
    operationId: 'getVouch',
    tags,
    security: SIGNED_IN,
    summary: 'One vouch, to its voucher or its recipient (a notification or deep link opens it)',
    description: 'In any state, revoked included. The recipient is the member who answered it or, while it waits, the member with its phone. Anyone else gets the 404 of an unknown id.',
    request: { params: z.object({ id: z.number().int().describe('The vouch id') }) },
    responses: { 200: jsonResponse(vouchSchema, 'The vouch'), ...unauthorized, 404: problemResponse('Vouch Not Found (unknown id, or not yours)') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/public/{vouchToken}',
    operationId: 'getPublicVouch',
    tags,
    security: PUBLIC,
    summary: 'The public vouch page (anonymous); the recipient phone is masked to its last four digits',
    request: { params: z.object({ vouchToken: z.string() }), query: statesQuery },
    responses: {
      200: jsonResponse(publicVouchStateResponse, 'The vouch, recipientPhone like "•••-•••-1234"; with ?states=true, a revoked one is `{ removed: true, detail }` here rather than a 410'),
      404: problemResponse('Vouch Not Found (unknown or malformed token)'),
      410: problemResponse('This Vouch was removed by its sender (revoked while pending; without ?states=true)'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/vouches/{id}/revoke',
    operationId: 'revokeVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Revoke a pending vouch I sent',
    description:
      'Only the voucher, only while the vouch is pending (an expired, unanswered one included). The vouch leaves the recipient\'s pending list and my Sent list; its public page and any answer get 410 "This Vouch was removed by its sender."; a new vouch to the same phone may follow. The monthly allowance the vouch used is not given back.',
    request: { params: z.object({ id: z.number().int().describe('The vouch id (GET /api/vouches/my)') }) },
    responses: {
      200: jsonResponse(z.object({ id: z.number().int(), status: z.literal('revoked') }), 'Revoked'),
      ...unauthorized,
      404: problemResponse('Vouch Not Found (unknown id, or a vouch someone else sent)'),
      409: problemResponse('Not pending: "This Vouch has already been accepted: only a pending Vouch can be revoked." (or rejected, or already revoked)'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/vouches/{id}/shared',
    operationId: 'recordVouchShared',
    tags,
    security: SIGNED_IN,
    summary: 'Record that I shared the link of a pending vouch I sent (copied or texted it)',
    description: 'Stamps lastSharedAt, which GET /api/vouches/my returns. Only the voucher, only while the vouch is pending and unexpired.',
    request: { params: z.object({ id: z.number().int().describe('The vouch id (GET /api/vouches/my)') }) },
    responses: {
      200: jsonResponse(z.object({ id: z.number().int(), lastSharedAt: z.iso.datetime().describe('ISO 8601') }), 'Recorded'),
      ...unauthorized,
      404: problemResponse('Vouch Not Found (unknown id, or a vouch someone else sent)'),
      409: problemResponse('Not pending: "This Vouch has already been accepted: only a pending Vouch can be shared." (or rejected, or revoked)'),
      410: problemResponse('This Vouch has expired.'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/vouches/accept',
    operationId: 'acceptVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Accept or decline a vouch made for my phone (same as PUT /api/vouches/respond)',
    description:
      'Only the signed-in member whose phone is the recipient phone may answer; a vouch is answered once, even under concurrent requests, and not after it expired. Accepting adds 1 to the voucher\'s vouchesGiven and the recipient\'s vouchesReceived; both sides get an activity.',
    request: { body: jsonRequestBody(respondVouchBody, { vouchToken: 'b1f0c2d4e5a6478f9a0b1c2d3e4f5a6b', action: 'accept' }) },
    responses: respondResponses,
  });
  registry.registerPath({
    method: 'put',
    path: '/api/vouches/respond',
    operationId: 'respondToVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Accept or decline a vouch made for my phone (same as POST /api/vouches/accept)',
    request: { body: jsonRequestBody(respondVouchBody, { vouchToken: 'b1f0c2d4e5a6478f9a0b1c2d3e4f5a6b', action: 'accept' }) },
    responses: respondResponses,
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities',
    operationId: 'listActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'My activities, newest first (20 per page unless limit says otherwise), of one kind when `kind` is given',
    description: 'With updated_since: the activities written at or after it, oldest first (an activity never changes).',
    request: { query: syncPageQuery({ defaultLimit: 20, maxLimit: 100 }).extend(activityKindQuery.shape) },
    responses: { 200: pagedResponse(activityListSchema, 'Activities'), 400: problemResponse('limit out of range, a cursor this list did not give out, a bad updated_since, or an unknown kind'), ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities/unread',
    operationId: 'countUnreadActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'How many of my activities others did since I last marked the feed seen (the bell\'s badge)',
    responses: { 200: jsonResponse(activityUnreadSchema, 'The unread count'), ...unauthorized },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/activities/seen',
    operationId: 'markActivitiesSeen',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'Mark my feed seen through an activity (default: the newest); kept server-side, so every device agrees',
    request: { body: jsonRequestBody(markActivitiesSeenBody, { throughId: 42 }, false) },
    responses: { 200: jsonResponse(activityUnreadSchema, 'What is still unread'), ...BODY_PROBLEMS, ...unauthorized },
  });
  registerProfilesOpenApi(registry);
}
