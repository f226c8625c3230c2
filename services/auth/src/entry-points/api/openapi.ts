import { z } from 'zod';
import { problemResponse, SIGNED_IN, type OpenApiRegistry } from '@vouch/service-core';
import {
  completeRegistrationBody,
  requestOtpBody,
  smsOutboxResponse,
  successResponse,
  userResponse,
  verifyOtpBody,
  verifyOtpResponse,
} from '../../domain/auth.schemas';
import { SESSION_COOKIE } from '../../domain/session';
import { registerAccountOpenApi } from './account.openapi';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export function registerAuthOpenApi(registry: OpenApiRegistry): void {
  registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Set by POST /api/auth/verify-otp (HttpOnly, SameSite=Lax, Secure in production).',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Mobile clients: POST /api/auth/verify-otp with "session": "token" returns the token; send it as Authorization: Bearer <token>.',
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/request-otp',
    tags: ['auth'],
    summary: 'Send a six-digit sign-in code by SMS',
    description:
      'The phone is normalised on the server (North American numbers). With a vouchToken only the vouch recipient\'s phone is accepted (403 otherwise, no code sent). Limited per phone and per IP (429 with Retry-After).',
    request: { body: { required: true, content: json(requestOtpBody) } },
    responses: {
      200: { description: 'Code sent', content: json(successResponse) },
      400: problemResponse('Invalid phone number or body'),
      403: problemResponse('Phone Number Mismatch (vouch link for another phone)'),
      404: problemResponse('Unknown vouch token'),
      429: problemResponse('Too many codes requested (Retry-After)'),
      502: problemResponse('SMS provider failed'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/verify-otp',
    tags: ['auth'],
    summary: 'Check the code and open a session',
    description:
      'Web: sets the vouch_session cookie and answers { isNewUser }. Mobile: send "session": "token" to receive { isNewUser, token } instead (no cookie); use it as Authorization: Bearer <token>. A new phone gets a session awaiting complete-registration, unless it comes with a vouchToken: then the member is created from the vouch\'s recipient name.',
    request: { body: { required: true, content: json(verifyOtpBody) } },
    responses: {
      200: {
        description: 'Signed in',
        headers: z.object({ 'Set-Cookie': z.string().optional().describe(`${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Path=/ (web flow only)`) }),
        content: json(verifyOtpResponse),
      },
      400: problemResponse('Invalid body, incorrect code, code dead after 5 wrong tries, or no code requested'),
      403: problemResponse('Phone Number Mismatch'),
      404: problemResponse('Unknown vouch token'),
      410: problemResponse('Code expired or already used'),
      429: problemResponse('Too many attempts (Retry-After)'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/complete-registration',
    tags: ['auth'],
    summary: 'Name a newly verified phone: creates the member "First Last"',
    security: SIGNED_IN,
    request: { body: { required: true, content: json(completeRegistrationBody) } },
    responses: {
      201: { description: 'Member created', content: json(userResponse) },
      400: problemResponse('Blank or too long names'),
      401: problemResponse('No verified session'),
      409: problemResponse('Already registered'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/auth/logout',
    tags: ['auth'],
    // No security: signing out is idempotent, so a tab whose session already ended can still sign out.
    summary: 'Revoke the session, if there is one, and clear the cookie (200 with or without a session)',
    request: { body: { required: false, content: json(z.object({})) } },
    responses: { 200: { description: 'Signed out', content: json(successResponse) } },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/user/profile',
    tags: ['auth'],
    summary: 'The signed-in member',
    security: SIGNED_IN,
    responses: {
      200: { description: 'The member (SPEC §3 User profile)', content: json(userResponse) },
      401: problemResponse('Not authenticated (signed out or registration not complete)'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/dev/sms-outbox',
    tags: ['dev'],
    summary: 'Development only: codes sent by the console SMS provider, newest first (404 in production)',
    request: { query: z.object({ phone: z.string().optional() }) },
    responses: { 200: { description: 'Messages', content: json(smsOutboxResponse) } },
  });

  registerAccountOpenApi(registry);
}
