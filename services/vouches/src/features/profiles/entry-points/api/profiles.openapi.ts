import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, pageQuery, problemResponse, PUBLIC, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  CONNECTION_MAX_DEGREE,
  connectionStateResponse,
  statesQuery,
  CUSTOM_BIO_MAX_LENGTH,
  HEADLINE_MAX_LENGTH,
  memberProfileResponse,
  mySummaryResponse,
  notConnectedMessage,
  PROFILE_MESSAGES,
  PROFILE_SLUG_MAX_LENGTH,
  PROFILE_SLUG_MIN_LENGTH,
  PROFILE_VOUCH_PAGE_SIZE,
  publicProfileResponse,
  publicProfileVouchesResponse,
  reputationExplanationResponse,
  reservedSlugMessage,
  slugTakenMessage,
  updateProfileBody,
  updateProfileResponse,
} from '@vouch/contracts';

const tags = ['profiles'];
const unauthorized = { 401: unauthorizedResponse() };

export function registerProfilesOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/profile/my-summary',
    operationId: 'getMyProfileSummary',
    tags,
    security: SIGNED_IN,
    summary: 'My profile, the accepted vouches I received (most recent first) and their counts and tags',
    description:
      'My profile exists from registration (slug from my name: "jane-doe", "jane-doe-2" on a collision; the visibility I chose); this read never creates one (404 without it). currentSummary is generated from my accepted vouches ("Vouched for by 4 people for leadership and TypeScript; known for integrity and mentoring."), null before the first. Tags split skills and traits on commas, semicolons and new lines, merge spellings that differ only in case or spacing, and rank by how many vouches name them (at most 8 each).',
    responses: { 200: jsonResponse(mySummaryResponse, 'Profile, vouches, stats'), ...unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/my-reputation',
    operationId: 'getMyReputationExplanation',
    tags,
    security: SIGNED_IN,
    summary: 'Why my reputation score is what it is: what each vouch adds, and what moved it last',
    description:
      'My reputation score (as on my profile, whole points) split into what the accepted vouches I received make (fromVouches: each vouch\'s share is what it adds to my trust, capped by the model so that one vouch\'s own share is at most maxVouchPoints; the five largest named, "Marcus Chen, trusted by 31, vouched for you: +12", the rest summed) and the lift from vouching for others and introductions (fromHelping). lastChange: the last time the score as shown moved (from, to, when), the vouches accepted since the change before it with what each adds now, and the rest (network), which came from changes elsewhere in the network: scores are relative to a typical established member, so they move a little when others vouch. Scores are computed by the reputation run a few seconds after an accept (docs/reputation.md); before my first run everything is 0 and lastChange null.',
    responses: { 200: jsonResponse(reputationExplanationResponse, 'My score, explained'), ...unauthorized },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/profile',
    operationId: 'updateMyProfile',
    tags,
    security: SIGNED_IN,
    summary: 'Change my name, headline, bio or profile URL, or make my profile public or private',
    description: `Absent fields stay as they are. firstName and lastName come together (each 1–50 characters with a letter, no line breaks, angle brackets or invisible formatting characters); my name everywhere becomes "First Last", the vouches I answered included (the profile URL stays: a rename never changes it, except the first name given by a member whose account a vouch link made from the name their voucher typed: a URL made from that typed name, not chosen since, is replaced by one made from the name given, and the old one 301s; such an account is private until this step sets isPublic). headline (role and company): at most ${HEADLINE_MAX_LENGTH} characters, trimmed; customBio: at most ${CUSTOM_BIO_MAX_LENGTH}; blank or null removes either. profileSlug: the profile URL I choose, ${PROFILE_SLUG_MIN_LENGTH}–${PROFILE_SLUG_MAX_LENGTH} lowercase letters, digits and single hyphens, not a reserved word; every URL my profile had before keeps answering (the page 301s to the current one) and stays mine. Unknown fields are refused.`,
    request: { body: jsonRequestBody(updateProfileBody, { firstName: 'José', lastName: 'Núñez-García', headline: 'Staff engineer at Acme', isPublic: true, profileSlug: 'jose-nunez' }) },
    responses: {
      200: jsonResponse(updateProfileResponse, 'The profile as it now is'),
      400: problemResponse(
        `Invalid input (e.g. "${PROFILE_MESSAGES.firstNameRequired}", "${PROFILE_MESSAGES.lastNameLetters}", "${PROFILE_MESSAGES.bothNames}", "${PROFILE_MESSAGES.headlineTooLong}", "${PROFILE_MESSAGES.bioTooLong}", "${PROFILE_MESSAGES.isPublicBoolean}", "${PROFILE_MESSAGES.slugShape}", "${reservedSlugMessage('admin')}")`,
      ),
      409: problemResponse(`PROFILE_URL_TAKEN: "${slugTakenMessage('priya-patel')}" (another member has or had it); nothing was changed`),
      ...unauthorized,
      ...BODY_PROBLEMS,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/public/{slug}',
    operationId: 'getPublicProfile',
    tags,
    security: PUBLIC,
    summary: 'A public profile (anonymous); counts a profile view unless the owner is looking',
    description:
      'Only while the profile is public; a private or unknown slug is the same 404. An earlier slug of the profile answers too: profile.profileSlug names the current one (show that URL). The three most recently accepted vouches, each naming its voucher ("A former member" after a deletion; the vouch is the voucher\'s consent), never a phone; totalVouches for "+ N more vouches". A signed-in caller also gets viewer: distinct members who vouched, and which of them the caller knows (an accepted vouch joins them).',
    request: { params: z.object({ slug: z.string() }) },
    responses: { 200: jsonResponse(publicProfileResponse, 'The public profile'), 404: problemResponse(PROFILE_MESSAGES.notFound) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/public/{slug}/vouches',
    operationId: 'listPublicProfileVouches',
    tags,
    security: PUBLIC,
    summary: 'All accepted vouches of a public profile, a page at a time ("+ N more vouches")',
    description: `Only while the profile is public (else the same 404 as the profile); an earlier slug answers too. Most recently accepted first, the order of the profile's first three; ${PROFILE_VOUCH_PAGE_SIZE} a page unless limit says otherwise; the next page in the Link header. Counts no profile view.`,
    request: { params: z.object({ slug: z.string() }), query: pageQuery({ defaultLimit: PROFILE_VOUCH_PAGE_SIZE, maxLimit: 100 }) },
    responses: { 200: pagedResponse(publicProfileVouchesResponse, 'Vouches'), 400: problemResponse('limit or cursor invalid'), 404: problemResponse(PROFILE_MESSAGES.notFound) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/public/{slug}/connection',
    operationId: 'getProfileConnection',
    tags,
    security: SIGNED_IN,
    summary: "How I'm connected to this member: the shortest path and its weakest link",
    description: `A shortest path of at most ${CONNECTION_MAX_DEGREE} accepted vouches (either direction) from me to the member, found by a bounded bidirectional search. Each link's trust is the lower reputation score of its two ends; the weakest link is the least-trusted one (the earliest on a tie).`,
    request: { params: z.object({ slug: z.string() }), query: statesQuery },
    responses: {
      200: jsonResponse(connectionStateResponse, 'The path, me first; with ?states=true, no path within the degrees is `{ connected: false, detail }` here rather than a 404'),
      400: problemResponse(PROFILE_MESSAGES.ownProfile),
      404: problemResponse(`"${PROFILE_MESSAGES.notFound}" (unknown or private), or "${notConnectedMessage('Sam Lee')}"`),
      ...unauthorized,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/members/{memberId}',
    operationId: 'getMemberProfileRef',
    tags,
    security: SIGNED_IN,
    summary: "Where a member's public profile lives (opens it from the map, matches, suggestions, activities)",
    request: { params: z.object({ memberId: z.number().int().describe('Member id') }) },
    responses: {
      200: jsonResponse(memberProfileResponse, 'The profile slug: open /profile/{profileSlug}'),
      400: problemResponse(PROFILE_MESSAGES.memberIdShape),
      404: problemResponse(PROFILE_MESSAGES.notFound),
      ...unauthorized,
    },
  });
}
