import { z } from 'zod';
import { jsonResponse, problemResponse, SIGNED_IN, type OpenApiRegistry } from '@vouch/service-core';
import { CUSTOM_BIO_MAX_LENGTH, mySummaryResponse, PROFILE_MESSAGES, publicProfileResponse, updateProfileBody, updateProfileResponse } from '@vouch/contracts';

const tags = ['profiles'];
const unauthorized = { 401: problemResponse('Not signed in, or registration not complete') };

export function registerProfilesOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/profile/my-summary',
    tags,
    security: SIGNED_IN,
    summary: 'My profile, the accepted vouches I received (most recent first) and their counts and tags',
    description:
      'Creates my profile on the first call (slug from my name: "jane-doe", "jane-doe-2" on a collision; public). currentSummary is generated from my accepted vouches ("Vouched for by 4 people for leadership and TypeScript; known for integrity and mentoring."), null before the first. Tags split skills and traits on commas, semicolons and new lines, merge spellings that differ only in case or spacing, and rank by how many vouches name them (at most 8 each).',
    responses: { 200: jsonResponse(mySummaryResponse, 'Profile, vouches, stats'), ...unauthorized },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/profile',
    tags,
    security: SIGNED_IN,
    summary: 'Make my profile public or private, or change my bio',
    description: `Absent fields stay as they are. customBio: at most ${CUSTOM_BIO_MAX_LENGTH} characters, trimmed; blank or null removes it. Unknown fields are refused.`,
    request: { body: { required: true, content: { 'application/json': { schema: updateProfileBody } } } },
    responses: {
      200: jsonResponse(updateProfileResponse, 'The profile as it now is'),
      400: problemResponse(`Invalid input (e.g. "${PROFILE_MESSAGES.bioTooLong}", "${PROFILE_MESSAGES.isPublicBoolean}")`),
      ...unauthorized,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/profile/public/{slug}',
    tags,
    summary: 'A public profile (anonymous); counts a profile view unless the owner is looking',
    description:
      'Only while the profile is public; a private or unknown slug is the same 404. The three most recently accepted vouches, without voucher names or phones; totalVouches for "+ N more vouches". A signed-in caller also gets viewer: distinct members who vouched, and how many of them are within 2° of the caller.',
    request: { params: z.object({ slug: z.string() }) },
    responses: { 200: jsonResponse(publicProfileResponse, 'The public profile'), 404: problemResponse(PROFILE_MESSAGES.notFound) },
  });
}
