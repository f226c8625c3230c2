import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, pageQuery, problemResponse, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { createVouchAskBody, VOUCH_ASK_BOXES, vouchAskListSchema, vouchAskSchema } from '@vouch/contracts';

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
      'The asked member gets an activity (vouch_asked, opening Create Vouch prefilled for you), a push (kind vouch_asked) and a text. One open ask per pair (409 DUPLICATE with existingId); each ask spends one of the monthly asks for a vouch of your plan (402 at the limit; nothing is written). Vouching for you fulfils it; they may decline it.',
    request: { body: jsonRequestBody(createVouchAskBody, { memberId: 42, message: 'We shipped the 2024 launch together: would you vouch for my product work?' }) },
    responses: {
      201: jsonResponse(vouchAskSchema, 'The open ask'),
      400: problemResponse('Invalid input, or OWN_ASK: you cannot ask yourself'),
      ...unauthorized,
      402: problemResponse('Monthly plan limit of asks for a vouch reached'),
      404: problemResponse('No such member'),
      409: problemResponse('DUPLICATE: your ask of this member is still open (its id in existingId)'),
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
    summary: 'Decline an ask for a vouch made of me',
    request: { params: z.object({ id: z.number().int().describe('The ask id (GET /api/vouch-asks)') }) },
    responses: {
      200: jsonResponse(vouchAskSchema, 'Declined'),
      ...unauthorized,
      403: problemResponse('NOT_ASKED_MEMBER: only the asked member may decline'),
      404: problemResponse('No such ask (or not one of yours)'),
      409: problemResponse('ASK_ANSWERED: already declined or fulfilled'),
    },
  });
}
