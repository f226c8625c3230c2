import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, problemResponse, PUBLIC, RATE_LIMIT_HEADERS, SIGNED_IN, tooManyRequestsResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  completeRegistrationBody,
  endedSessionsResponse,
  requestOtpBody,
  reverifyBody,
  reverifyResponse,
  sessionsResponse,
  sessionResponse,
  smsOutboxResponse,
  requestOtpResponse,
  successResponse,
  userResponse,
  verifyOtpBody,
  verifyOtpResponse,
  DEV_DEVICE_COOKIE,
  DEV_SESSION_COOKIE,
  DEVICE_COOKIE,
  SESSION_COOKIE,
} from '@vouch/contracts';
import { registerAccountOpenApi } from './account.openapi';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** The two ways a request is signed in: the web's session cookie and a mobile client's bearer token. */
function registerSecuritySchemes(registry: OpenApiRegistry): void {
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
}

/** Sign-in: a code by SMS, its check, and the re-check before a sensitive change. */
function registerSignInPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/auth/request-otp',
    operationId: 'requestOtp',
    tags: ['auth'],
    security: PUBLIC,
    summary: 'Start a sign-in attempt: send a six-digit code by SMS',
    description: [
      "The phone is normalised on the server (North American numbers). With a vouchToken only the vouch recipient's phone is accepted (403 otherwise, no code sent).",
      'Answers with the attemptId that verify-otp (or reverify) must send with the code: the code is checked in this attempt only, so wrong codes sent in other attempts (a stranger\'s) never count against it, and nobody else can use up its 5 tries.',
      'Limits (defaults; 429 with Retry-After, each counted quota in RateLimit-Policy / RateLimit): a phone receives at most 3 codes per 15 minutes and 10 a day, whoever asks from wherever (policies otp-send-phone, otp-send-phone-day: it cannot be bombed). A device that signed in with the phone before (the web\'s device cookie, an app\'s deviceToken) spends an allowance of its own, the same size (otp-send-phone-trusted, otp-send-phone-trusted-day), so strangers spending the first never keep the member from their code. Each client address may ask 20 times per 10 minutes (otp-send-ip); all codes together are bounded per day (not reported).',
      'resendAfterSeconds says when to offer another code (a minute while the phone\'s allowance lasts, else when it comes back).',
    ].join('\n\n'),
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
      'Send the attemptId request-otp answered with: the code is checked in that attempt only (5 wrong tries kill it; an unknown attempt, or another phone\'s, is 400 OTP_NOT_REQUESTED). Web: sets the session cookie (__Host-vouch_session; vouch_session in development) and the device cookie (__Host-vouch_device; vouch_device in development, a year) and answers { isNewUser }. Mobile: send "session": "token" to receive { isNewUser, token, expiresAt, deviceToken } instead (no cookie); use the token as Authorization: Bearer <token> and send deviceToken with later request-otp calls. A new phone gets a session awaiting complete-registration, unless it comes with a vouchToken: then the member is created from the vouch\'s recipient name, with a private profile until they confirm their name and choose their visibility (PATCH /api/profile { firstName, lastName, isPublic }: that first name replaces the URL made from the typed one, which then 301s). With a vouchToken and "join": false no member is created: the session proves the phone and may only decline that vouch (PUT /api/vouches/respond), complete registration or sign out (issue 44). Each client address may check 50 codes per 10 minutes (otp-verify-ip).',
    request: { body: jsonRequestBody(verifyOtpBody, { phone: '+15551234567', attemptId: 'kq3VdV2mJ8bXxW1yU5aT0w', otp: '123456', session: 'token' }) },
    responses: {
      200: {
        description: 'Signed in',
        headers: {
          'Set-Cookie': {
            schema: { type: 'string' },
            required: false,
            description: `${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Secure; Path=/ and ${DEVICE_COOKIE}=… (a year; ${DEV_DEVICE_COOKIE} in development) (web flow only)`,
          },
          ...RATE_LIMIT_HEADERS,
        },
        content: json(verifyOtpResponse),
      },
      400: problemResponse('Invalid body, incorrect code, code dead after 5 wrong tries, or no code requested in this attempt'),
      403: problemResponse('Phone Number Mismatch'),
      404: problemResponse('Unknown vouch token'),
      410: problemResponse('Code expired or already used'),
      429: tooManyRequestsResponse('Too many attempts'),
      ...BODY_PROBLEMS,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/reverify',
    operationId: 'reverify',
    tags: ['auth'],
    security: SIGNED_IN,
    summary: 'Confirm it is you with a fresh code, before deleting the account',
    description:
      'Request a code for your own phone (POST /auth/request-otp), then send its attemptId and the code here: for 10 minutes this session may do what needs a fresh code (DELETE /account answers 403 REVERIFICATION_REQUIRED otherwise). Signing in counts as one. The code rules and limits are verify-otp\'s.',
    request: { body: jsonRequestBody(reverifyBody, { attemptId: 'kq3VdV2mJ8bXxW1yU5aT0w', otp: '123456' }) },
    responses: {
      200: { description: 'Confirmed', headers: RATE_LIMIT_HEADERS, content: json(reverifyResponse) },
      400: problemResponse('Invalid body, incorrect code, code dead after 5 wrong tries, or no code requested in this attempt for your phone'),
      401: unauthorizedResponse(),
      410: problemResponse('Code expired or already used'),
      429: tooManyRequestsResponse('Too many attempts'),
      ...BODY_PROBLEMS,
    },
  });
}

/** The member's sessions and devices, completing a new account, and signing out. */
function registerSessionPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/auth/sessions',
    operationId: 'listMySessions',
    tags: ['auth'],
    security: SIGNED_IN,
    summary: 'My signed-in sessions and devices',
    description:
      'Every live session of my account (browsers and apps), most recently used first (at most 100): its device (from the User-Agent at sign-in), the network it was last used from (an address prefix), when it signed in, its last use (to the hour) and when it ends unless used. current marks the one this request came with. Cache-Control: no-store.',
    responses: { 200: { description: 'My sessions', content: json(sessionsResponse) }, 401: unauthorizedResponse() },
  });

  registry.registerPath({
    method: 'delete',
    path: '/api/auth/sessions/{id}',
    operationId: 'endMySession',
    tags: ['auth'],
    security: SIGNED_IN,
    summary: 'End one of my sessions (sign that browser or app out)',
    description:
      'It stops working at once (on other gateway instances, reads within SESSION_CACHE_SECONDS), and its device no longer gets codes from the allowance of a device that signed in. Ending the current session is signing out (its cookie is cleared).',
    request: { params: z.object({ id: z.string().describe('The id GET /auth/sessions lists') }) },
    responses: { 204: { description: 'Ended' }, 401: unauthorizedResponse(), 404: problemResponse('No live session of yours has this id') },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/sessions/sign-out-others',
    operationId: 'signOutOtherSessions',
    tags: ['auth'],
    security: SIGNED_IN,
    summary: 'Sign out everywhere else: end every session of mine but this one',
    request: { body: jsonRequestBody(z.object({}), {}, false) },
    responses: { 200: { description: 'How many ended', content: json(endedSessionsResponse) }, 401: unauthorizedResponse(), ...BODY_PROBLEMS },
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
}

/** Who is signed in (the profile, the session) and the development SMS outbox. */
function registerMemberReadPaths(registry: OpenApiRegistry): void {
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
}

/** Adds the auth service's paths to the OpenAPI document, in the document's order. */
export function registerAuthOpenApi(registry: OpenApiRegistry): void {
  registerSecuritySchemes(registry);
  registerSignInPaths(registry);
  registerSessionPaths(registry);
  registerMemberReadPaths(registry);
  registerAccountOpenApi(registry);
}
