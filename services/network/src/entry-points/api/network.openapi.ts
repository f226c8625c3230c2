import { z } from 'zod';
import { EXPENSIVE_READ_PROBLEMS, jsonResponse, problemResponse, PUBLIC, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { networkAnalysisSchema, networkResponseSchema, networkStatsSchema, onboardingNetworkMapSchema, SECOND_DEGREE_LIMIT } from '@vouch/contracts';

const tags = ['network'];
const unauthorized = { 401: unauthorizedResponse() };

export function registerNetworkOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/network',
    operationId: 'getMyNetwork',
    tags,
    security: SIGNED_IN,
    summary: 'My network map: me, my 1° connections and my 2° connections',
    description:
      `Only accepted vouches put anyone in a network (either direction); my own pending invites appear to me as invited_pending with id "invite:<vouchId>". ` +
      `One entry per person, relationship by precedence invited_accepted > vouched_for > vouched_by; skills and traits from the vouches I gave them. ` +
      `All 1° connections; at most ${SECOND_DEGREE_LIMIT} 2° connections, those sharing the most 1° connections with me first.`,
    responses: { 200: jsonResponse(networkResponseSchema, 'The network'), ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/network/stats',
    operationId: 'getNetworkStats',
    tags,
    security: PUBLIC,
    summary: 'Members and vouches counts (anonymous; the landing page)',
    description: 'Answered from memory for NETWORK_STATS_CACHE_SECONDS (default 10). Vouches count accepted and pending ones.',
    responses: { 200: jsonResponse(networkStatsSchema, 'Counts') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/network/analysis',
    operationId: 'getNetworkAnalysis',
    tags,
    security: SIGNED_IN,
    summary: 'How far my network reaches within a degree, and through which 1° connectors',
    request: { query: z.object({ degree: z.enum(['1', '2', '3']).optional().openapi({ description: 'Default 2' }) }) },
    responses: {
      200: jsonResponse(networkAnalysisSchema, 'The analysis: at most 50 connectors, largest networkSize first'),
      400: problemResponse('The degree must be 1, 2 or 3.'),
      ...unauthorized,
      ...EXPENSIVE_READ_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/onboarding/network-map',
    operationId: 'getOnboardingNetworkMap',
    tags,
    security: SIGNED_IN,
    summary: 'The onboarding map: 15 mentor / peer / mentee slots, filled by my accepted vouches, the empty ones with a question',
    responses: { 200: jsonResponse(onboardingNetworkMapSchema, 'Nodes and stats'), ...unauthorized },
  });
}
