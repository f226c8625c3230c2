import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, pageQuery, problemResponse, SIGNED_IN, tooManyRequestsResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { createVouchAskBody, declineVouchAskBody, VOUCH_ASK_BOXES, vouchAskBlockSchema, vouchAskListSchema, vouchAskSchema } from '@vouch/contracts';
import { ASK_DECLINE_COOLDOWN_DAYS, ASKS_PER_RECIPIENT_PER_WEEK } from '../../domain/vouch-ask-rules';

const tags = ['vouch asks'];
const unauthorized = { 401: unauthorizedResponse() };

export function registerVouchAsksOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/vouch-asks',
    operationId: 'askForVouch',
    tags,
    security: SIGNED_IN,
    summary: 'Ask a member for a vouch',
    description:
      `Only within your plan's reach: your 1st degree connections on Network Builder, 1st and 2nd on the paid plans (403 ASK_OUT_OF_REACH; a private member beyond reach is the 404 of an unknown one). Not from a member who blocked your asks (403 ASKS_BLOCKED), not within ${ASK_DECLINE_COOLDOWN_DAYS} days of their decline of your ask (409 ASK_DECLINED_RECENTLY), and a member is asked at most ${ASKS_PER_RECIPIENT_PER_WEEK} times a week by anyone (429 ASKED_TOO_OFTEN with Retry-After). The asked member gets it in the bell (vouch_asked, opening Create Vouch prefilled for you, with your message) and by text and push as they chose (your message never travels in a text or a push). One open ask per pair (409 DUPLICATE with existingId); each ask spends one of the monthly asks for a vouch of your plan (402 at the limit; nothing is written). Vouching for you fulfils it; they may decline it, and you hear of that.`,
    request: { body: jsonRequestBody(createVouchAskBody, { memberId: 42, message: 'We shipped the 2024 launch together: would you vouch for my product work?' }) },
    responses: {
      201: jsonResponse(vouchAskSchema, 'The open ask'),
      400: problemResponse('Invalid input, or OWN_ASK: you cannot ask yourself'),
      ...unauthorized,
      402: problemResponse('Monthly plan limit of asks for a vouch reached'),
      403: problemResponse('ASK_OUT_OF_REACH (beyond your plan\'s reach) or ASKS_BLOCKED'),
      404: problemResponse('No such member (or a private member beyond your reach)'),
      409: problemResponse('DUPLICATE: your ask of this member is still open (its id in existingId); ASK_DECLINED_RECENTLY'),
      429: tooManyRequestsResponse('ASKED_TOO_OFTEN: this member was asked often this week; Retry-After says when to try'),
      ...BODY_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouch-asks',
    operationId: 'listVouchAsks',
    tags,
    security: SIGNED_IN,
    summary: 'Asks for a vouch made of me (received) or by me (sent), newest first',
    request: {
      query: pageQuery().extend({
        box: z.enum(VOUCH_ASK_BOXES).optional().describe('received (default) or sent'),
        memberId: z.string().optional().describe('Only the asks between you and this member (a whole number)'),
      }),
    },
    responses: { 200: pagedResponse(vouchAskListSchema, 'Asks'), 400: problemResponse('An unknown box, a malformed member id, or a bad page'), ...unauthorized },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/vouch-asks/{id}/decline',
    operationId: 'declineVouchAsk',
    tags,
    security: SIGNED_IN,
    summary: 'Decline an ask for a vouch made of me (the asker hears of it); with block, take no more asks from them',
    request: { params: z.object({ id: z.number().int().describe('The ask id (GET /api/vouch-asks)') }), body: jsonRequestBody(declineVouchAskBody, { block: true }, false) },
    responses: {
      200: jsonResponse(vouchAskSchema, 'Declined'),
      400: problemResponse('block is not true or false'),
      ...BODY_PROBLEMS,
      ...unauthorized,
      403: problemResponse('NOT_ASKED_MEMBER: only the asked member may decline'),
      404: problemResponse('No such ask (or not one of yours)'),
      409: problemResponse('ASK_ANSWERED: already declined or fulfilled'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouch-asks/{id}',
    operationId: 'getVouchAsk',
    tags,
    security: SIGNED_IN,
    summary: 'One ask for a vouch, to its asker or the asked member (a notification opens it)',
    request: { params: z.object({ id: z.number().int().describe('The ask id') }) },
    responses: { 200: jsonResponse(vouchAskSchema, 'The ask'), ...unauthorized, 404: problemResponse('No such ask (or not one of yours)') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/vouch-asks/blocks',
    operationId: 'listVouchAskBlocks',
    tags,
    security: SIGNED_IN,
    summary: 'The members I take no asks for a vouch from, newest block first',
    responses: { 200: jsonResponse(z.array(vouchAskBlockSchema), 'Blocks'), ...unauthorized },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/vouch-asks/blocks/{memberId}',
    operationId: 'unblockVouchAsks',
    tags,
    security: SIGNED_IN,
    summary: 'Take asks for a vouch from this member again. No body.',
    request: { params: z.object({ memberId: z.number().int().describe('The blocked member') }) },
    responses: { 204: { description: 'Unblocked' }, ...unauthorized, 404: problemResponse('You are not blocking asks from this member') },
  });
}
