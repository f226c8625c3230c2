import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, problemResponse, PUBLIC, SIGNED_IN, SYNC_PROBLEMS, syncPageQuery, syncQuery, syncResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { createdVouchSchema, createVouchBody, publicVouchStateResponse, respondVouchBody, respondVouchResponse, statesQuery, VOUCH_BACK_LIMIT, vouchBackSchema, vouchListSchema, vouchSchema } from '@vouch/contracts';

const tags = ['vouches'];
const unauthorized = { 401: unauthorizedResponse() };
const pageProblems = { 400: problemResponse('limit out of range, a cursor this list did not give out, or updated_since not an ISO 8601 date-time') };
const SYNC = ' With updated_since (for the web; best effort: a change committed late can be missed, apps use …/sync): every vouch of this list stamped at or after it, in any state (revoked, answered, expired), oldest change first.';
/** The three vouch lists' /sync share one answer shape (one component). */
const vouchChanges = syncResponse(vouchSchema, 'VouchChanges', 'vouch');
const SYNC_HOW =
  'Without sync_token: every vouch of the list, in any state, oldest id first, in pages (follow hasMore); then pass the last nextSyncToken to get what changed since, in the order it was committed: a vouch created, answered, revoked, shared, its voucher or the member who answered it renamed, its voucher gone ("A former member"), each as it now is, and a RemovedItem for one that went with an account. Expiry is not a change (compare expiresAt). Nothing committed is ever skipped; an item may come twice (replace by id). 410 SYNC_TOKEN_EXPIRED after SYNC_TOKEN_DAYS (30) unused: sync again without a token.';

const RESPOND_HOW =
  'Only the signed-in member whose phone is the recipient phone may answer; a vouch is answered once, even under concurrent requests, and not after it expired. Accepting adds 1 to the voucher\'s vouchesGiven and the recipient\'s vouchesReceived; both sides get an activity. Declining without joining (issue 44): a session that verified the recipient phone without making an account (verify-otp with the vouchToken and "join": false) may decline; it has no member, so the vouch is answered by nobody (recipientId null) and the voucher hears "<the name they typed> declined"; accepting needs an account (401 REGISTRATION_INCOMPLETE "Create your account (your name) before accepting: only declining needs no account."). Once a member answered, the vouch shows their current name as recipientName everywhere.';

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

/** The vouching paths, in the API document's order: making a vouch and reading it, then its later steps. */
export function registerVouchesOpenApi(registry: OpenApiRegistry): void {
  registerCreateAndReadOpenApi(registry);
  registerVouchStepsOpenApi(registry);
}

/** Create a vouch; the three lists, their /sync; one vouch; the public vouch page. */
function registerCreateAndReadOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/vouches',
    operationId: 'createVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Create a vouch (invite or recommendation)',
    description:
      'The server normalises the phone (a 10-digit North American number). A recommendation needs a reason and at least one of characterTraits, skills, accomplishments; blank categories are stored as null. You cannot vouch for your own phone, nor send a second pending vouch to the same phone (409). Invites use the monthly invites allowance, recommendations the vouches allowance (402 at the limit; nothing is written). The vouch expires after VOUCH_EXPIRY_DAYS (default 30). A recipient who is a member (named by recipientMemberId, or whose phone is typed) is told at once, and the answer says so (`recipientIsMember`).',
    request: {
      body: jsonRequestBody(createVouchBody, { type: 'recommendation', recipientName: 'Grace Hopper', recipientPhone: '+15557654321', reason: 'We shipped the compiler together.', skills: 'Compilers, COBOL', characterTraits: 'Patient, direct' }),
    },
    responses: {
      201: jsonResponse(createdVouchSchema, 'The new pending vouch; share /vouch/{vouchToken} unless `recipientIsMember` (a member is told at once)'),
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
  for (const [path, operationId, summary] of [
    ['/api/vouches/my/sync', 'syncMyVouches', 'Sync my copy of the vouches I sent'],
    ['/api/vouches/received/sync', 'syncReceivedVouches', 'Sync my copy of the vouches I answered (accepted or declined)'],
    ['/api/vouches/pending-for-me/sync', 'syncVouchesForMe', 'Sync my copy of the vouches sent to my phone (by others), in any state'],
  ] as const) {
    registry.registerPath({
      method: 'get',
      path,
      operationId,
      tags,
      security: SIGNED_IN,
      summary,
      description: SYNC_HOW,
      request: { query: syncQuery() },
      responses: { 200: vouchChanges, ...SYNC_PROBLEMS, ...unauthorized },
    });
  }
  registry.registerPath({
    method: 'get',
    path: '/api/vouches/{id}',
    operationId: 'getVouch',
    tags,
    security: SIGNED_IN,
    summary: 'One vouch, to its voucher or its recipient (a notification or deep link opens it)',
    description:
      'In any state, revoked included. The recipient is the member who answered it or, while it waits, the member with its phone. Anyone else gets the 404 of an unknown id. One of yours that went when the other member deleted their account answers 410 DELETED_WITH_ACCOUNT (for as long as a sync token lives), as your sync said with a RemovedItem: drop it.',
    request: { params: z.object({ id: z.number().int().describe('The vouch id') }) },
    responses: {
      200: jsonResponse(vouchSchema, 'The vouch'),
      ...unauthorized,
      404: problemResponse('Vouch Not Found (unknown id, or not yours)'),
      410: problemResponse('DELETED_WITH_ACCOUNT: it went when the other member deleted their account'),
    },
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
}

/** A vouch's later steps: revoke, vouch back (and dismiss it), record a share, answer. */
function registerVouchStepsOpenApi(registry: OpenApiRegistry): void {
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
    method: 'get',
    path: '/api/vouches/vouch-back',
    operationId: 'listVouchBacks',
    tags,
    security: SIGNED_IN,
    summary: 'People who vouched for me whom I have not vouched for: the dashboard\'s "Vouch back for <name>"',
    description: `The latest acceptance first, at most ${VOUCH_BACK_LIMIT}. One goes when I vouch for them (a pending or accepted vouch to their phone) or dismiss it; a voucher who left is not offered.`,
    responses: { 200: jsonResponse(z.array(vouchBackSchema), 'The offers'), ...unauthorized },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/vouches/vouch-back/{memberId}/dismiss',
    operationId: 'dismissVouchBack',
    tags,
    security: SIGNED_IN,
    summary: '"Not now": stop offering to vouch back for this member, on every device',
    request: { params: z.object({ memberId: z.number().int().describe('The voucher (GET /api/vouches/vouch-back)') }) },
    responses: {
      204: { description: 'Dismissed (again: nothing changes)' },
      ...unauthorized,
      404: problemResponse('No vouch back is offered for this member. (they have no accepted vouch for me)'),
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
    description: RESPOND_HOW,
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
    description: RESPOND_HOW,
    request: { body: jsonRequestBody(respondVouchBody, { vouchToken: 'b1f0c2d4e5a6478f9a0b1c2d3e4f5a6b', action: 'accept' }) },
    responses: respondResponses,
  });
}
