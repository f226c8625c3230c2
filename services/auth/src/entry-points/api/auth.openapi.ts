import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, problemResponse, PUBLIC, RATE_LIMIT_HEADERS, SIGNED_IN, tooManyRequestsResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  completeRegistrationBody,
  requestOtpBody,
  sessionResponse,
  smsOutboxResponse,
  requestOtpResponse,
  successResponse,
  userResponse,
  verifyOtpBody,
  verifyOtpResponse,
  DEV_SESSION_COOKIE,
  SESSION_COOKIE,
} from '@vouch/contracts';
import { registerAccountOpenApi } from './account.openapi';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export function registerAuthOpenApi(registry: OpenApiRegistry): void {
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `Set by POST /api/auth/verify-otp (HttpOnly, SameSite=Lax, Secure, Path=/). Named ${DEV_SESSION_COOKIE} (not Secure) in the development and test modes over plain http. Sent twice, it counts as none.`,
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Mobile clients: POST /api/auth/verify-otp with "session": "token" returns the token; send it as Authorization: Bearer <token>.',
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/request-otp',
    operationId: 'requestOtp',
    tags: ['auth'],
    security: PUBLIC,
    summary: 'Send a six-digit sign-in code by SMS',
    description:
      'The phone is normalised on the server (North American numbers). With a vouchToken only the vouch recipient\'s phone is accepted (403 otherwise, no code sent). Limited per phone and per IP (429 with Retry-After).',
    request: { body: jsonRequestBody(requestOtpBody, { phone: '+15551234567' }) },
    responses: {
      200: { description: 'Code sent', headers: RATE_LIMIT_HEADERS, content: json(requestOtpResponse) },
      400: problemResponse('Invalid phone number or body'),
      403: problemResponse('Phone Number Mismatch (vouch link for another phone)'),
      404: problemResponse('Unknown vouch token'),
      429: tooManyRequestsResponse('Too many codes requested'),
      ...BODY_PROBLEMS,
      502: problemResponse('SMS provider failed'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/verify-otp',
    operationId: 'verifyOtp',
    tags: ['auth'],
    security: PUBLIC,
    summary: 'Check the code and open a session',
    description:
      'Web: sets the session cookie (__Host-vouch_session; vouch_session in development) and answers { isNewUser }. Mobile: send "session": "token" to receive { isNewUser, token } instead (no cookie); use it as Authorization: Bearer <token>. A new phone gets a session awaiting complete-registration, unless it comes with a vouchToken: then the member is created from the vouch\'s recipient name.',
    request: { body: jsonRequestBody(verifyOtpBody, { phone: '+15551234567', otp: '123456', session: 'token' }) },
    responses: {
      200: {
        description: 'Signed in',
        headers: {
          'Set-Cookie': { schema: { type: 'string' }, required: false, description: `${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Secure; Path=/ (web flow only)` },
          ...RATE_LIMIT_HEADERS,
        },
        content: json(verifyOtpResponse),
      },
      400: problemResponse('Invalid body, incorrect code, code dead after 5 wrong tries, or no code requested'),
      403: problemResponse('Phone Number Mismatch'),
      404: problemResponse('Unknown vouch token'),
      410: problemResponse('Code expired or already used'),
      429: tooManyRequestsResponse('Too many attempts'),
      ...BODY_PROBLEMS,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/complete-registration',
    operationId: 'completeRegistration',
    tags: ['auth'],
    summary: 'Name a newly verified phone: creates the member "First Last"',
    security: SIGNED_IN,
    request: { body: jsonRequestBody(completeRegistrationBody, { firstName: 'Ada', lastName: 'Lovelace', isPublic: true }) },
    responses: {
      201: { description: 'Member created', content: json(userResponse) },
      400: problemResponse('Blank or too long names'),
      401: unauthorizedResponse('No verified session'),
      409: problemResponse('Already registered'),
      ...BODY_PROBLEMS,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'logout',
    tags: ['auth'],
    security: SIGNED_IN,
    summary: 'Revoke the session it is called with and clear the cookie',
    description:
      'Send the session to end (cookie or bearer). A token that already stopped working (expired, revoked) signs out again with 200, so it is safe to repeat; a call with no session at all is 401 SESSION_MISSING.',
    request: { body: jsonRequestBody(z.object({}), {}, false) },
    responses: { 200: { description: 'Signed out', content: json(successResponse) }, 401: unauthorizedResponse('No session was sent'), ...BODY_PROBLEMS },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/user/profile',
    operationId: 'getMyUser',
    tags: ['auth'],
    summary: 'The signed-in member',
    security: SIGNED_IN,
    responses: {
      200: { description: 'The member (SPEC §3 User profile)', content: json(userResponse) },
      401: unauthorizedResponse('Not authenticated (signed out or registration not complete)'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/auth/session',
    operationId: 'getSession',
    tags: ['auth'],
    summary: 'Who is calling, when their session expires, and whether registration is complete (200 even when signed out)',
    description:
      'Never 401: a signed-out visitor (or a token that no longer works) gets user: null, expiresAt: null, so the web app can ask on every page load without an error in the console. Sessions slide: each use moves expiresAt to SESSION_TTL_DAYS (default 30) after that use, at most once an hour, so an app in use never has to sign in by SMS again. An app killed between verify-otp and complete-registration reads registrationComplete: false with an expiresAt here (or REGISTRATION_INCOMPLETE in any 401) and shows the names step.',
    // Credentials are optional: sent when the client has them.
    security: [{}, ...SIGNED_IN],
    responses: { 200: { description: 'The session, or nulls when signed out', content: json(sessionResponse) } },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/dev/sms-outbox',
    operationId: 'listDevSmsOutbox',
    tags: ['dev'],
    security: PUBLIC,
    summary: 'Development only: codes sent by the console SMS provider, newest first (404 in production)',
    request: { query: z.object({ phone: z.string().optional() }) },
    responses: { 200: { description: 'Messages', content: json(smsOutboxResponse) }, 404: problemResponse('Not served in production') },
  });

  registerAccountOpenApi(registry);
}
