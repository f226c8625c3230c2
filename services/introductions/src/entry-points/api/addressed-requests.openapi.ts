import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, problemResponse, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { connectorAnswerBody, connectorAskListSchema, connectorAskSchema, INTRODUCTION_ANSWER_DAYS, introductionConnectorsResponse } from '@vouch/contracts';

const tags = ['introductions'];
const unauthorized = { 401: unauthorizedResponse() };
const idParam = z.object({ id: z.number().int().describe('The numeric id') });

/** Requests addressed to a member (issue 44): who can introduce me, and the connector's side. */
export function registerAddressedRequestPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/connectors',
    operationId: 'listIntroductionConnectors',
    tags,
    security: SIGNED_IN,
    summary: 'Who can introduce me to a member',
    description: 'My 1° connections who are directly connected to the member (the connectors I may choose for a request addressed to them), and my degree to the member (1, 2, or null when nobody I know knows them). Yourself or an unknown member: 404.',
    request: { query: z.object({ targetId: z.number().int().describe('The member') }) },
    responses: { 200: jsonResponse(introductionConnectorsResponse, 'The member and the possible connectors'), 400: problemResponse('targetId missing or not an id'), ...unauthorized, 404: problemResponse('Member not found.') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/introduction-requests/as-connector',
    operationId: 'listConnectorAsks',
    tags,
    security: SIGNED_IN,
    summary: 'Requests I was asked to introduce someone through, newest first',
    description: `Requests addressed to a member whose connector I am: awaiting my answer (awaiting_connector), forwarded, declined, completed or cancelled; introductionId is the introduction my forward started. One I left unanswered ${INTRODUCTION_ANSWER_DAYS} days has expired and is no longer listed.`,
    responses: { 200: jsonResponse(connectorAskListSchema, 'Requests'), ...unauthorized },
  });
  for (const action of ['forward', 'decline'] as const) {
    registry.registerPath({
      method: 'post',
      path: `/api/introduction-requests/{id}/${action}`,
      operationId: action === 'forward' ? 'forwardIntroductionRequest' : 'declineIntroductionRequest',
      tags,
      security: SIGNED_IN,
      summary: action === 'forward' ? 'As its connector, forward a request addressed to a member' : 'As its connector, decline a request addressed to a member',
      description:
        action === 'forward'
          ? `The note is required (400): it is what the member reads, as a connector's note. The request moves awaiting_connector → forwarded and the double opt-in starts: the member is asked (introduction_asked, by their channels) and has ${INTRODUCTION_ANSWER_DAYS} days to agree or decline (POST /api/introductions/{id}/accept|decline); the requester is told (introduction_forwarded).`
          : 'The note is optional; the requester is told with it (introduction_declined; the push and text without it). The request moves awaiting_connector → declined.',
      request: { params: idParam, body: jsonRequestBody(connectorAnswerBody, { note: 'Maya led our design system; Ines is hiring for exactly that.' }) },
      responses: {
        200: jsonResponse(connectorAskSchema, 'The request as its connector now sees it'),
        400: problemResponse('Forward without a note'),
        ...unauthorized,
        403: problemResponse('You are the requester or the member, not the connector'),
        404: problemResponse('Unknown request, or it does not concern you'),
        409: problemResponse('NOT_AWAITING_CONNECTOR: already forwarded, declined or cancelled'),
        410: problemResponse(`REQUEST_EXPIRED: no answer within ${INTRODUCTION_ANSWER_DAYS} days of the ask`),
        ...BODY_PROBLEMS,
      },
    });
  }
}
