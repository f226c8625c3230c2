import { z } from 'zod';
import { EXPENSIVE_READ_PROBLEMS, jsonResponse, pagedResponse, pageQuery, problemResponse, PUBLIC, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  networkAnalysisSchema,
  networkResponseSchema,
  networkStatsSchema,
  onboardingNetworkMapSchema,
  PEOPLE_SEARCH_MAX_LENGTH,
  PEOPLE_SEARCH_MESSAGES,
  personSearchResultSchema,
  SECOND_DEGREE_LIMIT,
  secondDegreeConnectionSchema,
} from '@vouch/contracts';
import { PEOPLE_PAGE_LIMITS } from './people.router';
import { FAR_MATCH_CAP } from '../../domain/people-search-queries';

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
    description: 'Answered from memory for NETWORK_STATS_CACHE_SECONDS (default 10). totalVouches counts accepted vouches only (the landing page\'s "Vouches Given"): a pending vouch counts once it is accepted.',
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
  registry.registerPath({
    method: 'get',
    path: '/api/people/search',
    operationId: 'searchPeople',
    tags,
    security: SIGNED_IN,
    summary: 'Find people by name, skill or headline, among those I may see, nearest first',
    description:
      `Each word of q (at most ${PEOPLE_SEARCH_MAX_LENGTH} characters; case and accents ignored) must begin a word of the person's name, the skills of the vouches they accepted, or their headline. ` +
      "Scope: the members within my plan's reach (Network Builder 2°, the paid plans 3°) over accepted vouches, plus members with a public profile. " +
      'Order: 1°, then 2°, then 3°, then public-only; inside each, the better match first (a name before a skill before a headline, a whole word before a beginning). ' +
      `path says how I reach them ("via Priya Patel", "via Priya Patel → Sam Lee"). Beyond my 2°, a word is looked up among the first ${FAR_MATCH_CAP.toLocaleString('en-US')} people it begins a word of.`,
    request: {
      query: pageQuery(PEOPLE_PAGE_LIMITS).extend({
        q: z.string().describe(`What to find: at least 2 characters`),
        degree: z.enum(['1', '2', '3']).optional().describe('Only people at this degree (no public-only people): the results page\'s filter'),
      }),
    },
    responses: {
      200: pagedResponse(z.array(personSearchResultSchema), 'The people found, each with the words that matched'),
      400: problemResponse(`${PEOPLE_SEARCH_MESSAGES.tooShort} / ${PEOPLE_SEARCH_MESSAGES.badDegree} / a bad limit or cursor`),
      403: problemResponse('PLAN_TIER: a degree beyond my plan\'s reach (the sentence names the plan and its reach)'),
      ...unauthorized,
      ...EXPENSIVE_READ_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/network/second-degree',
    operationId: 'listMySecondDegree',
    tags,
    security: SIGNED_IN,
    summary: 'Every one of my 2° connections (the map draws at most ' + SECOND_DEGREE_LIMIT + '), optionally filtered',
    description: 'Those sharing the most 1° connections with me first, then by id. With q, only those whose name, skills or headline have a word beginning with each word of q. People an accepted introduction made 1° are not listed.',
    request: { query: pageQuery(PEOPLE_PAGE_LIMITS).extend({ q: z.string().optional().describe('Filter (optional)') }) },
    responses: {
      200: pagedResponse(z.array(secondDegreeConnectionSchema), 'My 2° connections'),
      400: problemResponse(`${PEOPLE_SEARCH_MESSAGES.tooLong} / a bad limit or cursor`),
      ...unauthorized,
    },
  });
}
