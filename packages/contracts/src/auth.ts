/**
 * Sign-in, registration and the session on the wire (SPEC §7 auth calls), shared by the web
 * (mf-auth) and the auth service, which validates every body with these schemas.
 */
import { z } from 'zod';
import { NAME_PART_MAX_LENGTH } from './profiles.rules';
import { vouchTokenSchema } from './vouches';
import { PERSON_NAME_PATTERN, personNameRule } from './names';
import { wholeNameRule } from './profiles';

/**
 * The web's session cookie. Wherever cookies are Secure (production) it is `__Host-vouch_session`:
 * the prefix makes the browser refuse it unless it is Secure, Path=/ and without Domain, so a
 * sibling subdomain (or a plain-http page) cannot plant one. The explicit development and test
 * modes serve plain http, where a Secure cookie is refused by Safari, by other hosts than
 * localhost and by test clients, so there it is `vouch_session`, not Secure. Each side accepts
 * only the name of its mode; a request carrying the cookie twice is not signed in.
 */
export const SESSION_COOKIE = '__Host-vouch_session';
export const DEV_SESSION_COOKIE = 'vouch_session';
export function sessionCookieName(secure: boolean): string {
  return secure ? SESSION_COOKIE : DEV_SESSION_COOKIE;
}

/**
 * The web's device cookie (issue 43): a long-lived random token naming this browser, set when it
 * signs in. A device that signed in with a phone gets that phone's codes from an allowance of its
 * own, which strangers asking for codes cannot spend. Named like the session cookie, per mode.
 */
export const DEVICE_COOKIE = '__Host-vouch_device';
export const DEV_DEVICE_COOKIE = 'vouch_device';
export function deviceCookieName(secure: boolean): string {
  return secure ? DEVICE_COOKIE : DEV_DEVICE_COOKIE;
}

const phone = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Phone number is required.' : 'Phone number must be text.') })
  .trim()
  .min(1, 'Phone number is required.')
  .max(32, 'Please enter a valid US phone number, e.g. (555) 123-4567.');

/** A device token (verify-otp gave it: the web keeps it in a cookie, an app sends it here). */
const deviceToken = z
  .string({ error: 'The device token must be text.' })
  .trim()
  .max(64, 'The device token is the one verify-otp answered with.')
  .describe('The deviceToken verify-otp answered with on this device (apps; the web sends its device cookie): a device that signed in with this phone before has codes of its own, which strangers asking for codes cannot use up');

export const requestOtpBody = z.object({
  phone,
  vouchToken: vouchTokenSchema.optional(),
  deviceToken: deviceToken.optional(),
});
export type RequestOtpBody = z.infer<typeof requestOtpBody>;
export type RequestOtpInput = z.input<typeof requestOtpBody>;

/** The sign-in attempt request-otp answered with: its code is checked in it alone. */
const attemptId = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The sign-in attempt (attemptId, from request-otp) is required.' : 'The sign-in attempt (attemptId) must be text.') })
  .trim()
  .min(1, 'The sign-in attempt (attemptId, from request-otp) is required.')
  .max(64, 'The sign-in attempt (attemptId) is the one request-otp answered with.')
  .describe('The attemptId request-otp answered with. The code is checked in this attempt only: wrong codes sent in other attempts never count against it');

const otp = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Verification code is required.' : 'Verification code must be text.') })
  .trim()
  .min(1, 'Verification code is required.')
  .regex(/^\d{6}$/, 'The verification code is 6 digits.');

export const verifyOtpBody = z.object({
  phone,
  attemptId,
  otp,
  vouchToken: vouchTokenSchema.optional(),
  /** "token": answer with the session token for mobile clients instead of setting the cookie. */
  session: z.enum(['cookie', 'token'], { error: 'Session must be "cookie" or "token".' }).optional(),
  /**
   * With a vouchToken, for a phone without a member: false proves the phone without making an
   * account (issue 44: to decline without joining). The session then has no member: it may
   * decline that vouch (PUT /api/vouches/respond), complete registration, or sign out, nothing else.
   */
  join: z
    .boolean({ error: 'join must be true or false.' })
    .optional()
    .describe(
      'With vouchToken, for a phone that has no account: false verifies the phone without creating one (to decline the vouch without joining; the session, without a member, may only decline, complete registration or sign out). Default true: the account is made at once from the name the voucher typed, private until the member confirms their name and chooses their visibility (PATCH /api/profile).',
    ),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
export type VerifyOtpInput = z.input<typeof verifyOtpBody>;

/** POST /api/auth/reverify: a fresh code, in an attempt requested for the signed-in member's own phone. */
export const reverifyBody = z.object({ attemptId, otp });
export type ReverifyInput = z.input<typeof reverifyBody>;
export const reverifyResponse = z.object({
  reverifiedUntil: z.iso.datetime().describe('Until when this session may delete the account (10 minutes)'),
});
export type ReverifyResponse = z.infer<typeof reverifyResponse>;

/** PUT /api/account/phone: the new phone, and the code texted to it (an attempt requested for the new phone). */
export const changePhoneBody = z.object({ phone, attemptId, otp });
export type ChangePhoneInput = z.input<typeof changePhoneBody>;

/** A live session of the member, as GET /api/auth/sessions lists it. */
export const sessionSummarySchema = z
  .object({
    id: z.string().describe('Names the session to end it (DELETE /api/auth/sessions/{id}); not a credential'),
    current: z.boolean().describe('The session this request came with'),
    device: z.string().describe('The browser or app and its system, from its User-Agent at sign-in: "Chrome on macOS", "Vouch app on iPhone"'),
    kind: z.enum(['browser', 'app']).describe('browser: a cookie session; app: a bearer token'),
    place: z.string().nullable().describe('The network it was last used from: the address prefix ("203.0.113.0/24", "2001:db8:aa::/48"), never the address'),
    signedInAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().describe('Its last use, to the hour (a session in use notes it at most hourly)'),
    expiresAt: z.iso.datetime().describe('When it ends unless used again'),
  })
  .meta({ id: 'SessionSummary' });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
export const sessionsResponse = z.array(sessionSummarySchema).describe('Live sessions, most recently used first (at most 100)');
export const endedSessionsResponse = z.object({ ended: z.number().int().describe('How many sessions ended') });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponse>;

function namePart(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_PART_MAX_LENGTH, `${label} must be at most ${NAME_PART_MAX_LENGTH} characters.`)
    .superRefine(personNameRule(label))
    .regex(PERSON_NAME_PATTERN);
}

export const completeRegistrationBody = z.object({
  firstName: namePart('First name'),
  lastName: namePart('Last name'),
  isPublic: z
    .boolean({ error: 'Choose whether your profile is public: true or false.' })
    .optional()
    .describe('Whether the new profile is public (listed, in the sitemap); default true. Changed later with PATCH /api/profile'),
}).superRefine(wholeNameRule);
export type CompleteRegistrationBody = z.infer<typeof completeRegistrationBody>;
export type CompleteRegistrationInput = z.input<typeof completeRegistrationBody>;

export const smsOutboxQuery = z.object({ phone: z.string().trim().max(32).optional() });

// Response shapes (documented in the OpenAPI document).
export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

/** POST /api/auth/request-otp's answer: the code is on its way, and when another may be asked for. */
export const requestOtpResponse = successResponse.extend({
  attemptId: z.string().describe('This sign-in attempt: send it with the code to verify-otp (or reverify). Only this attempt reaches its code'),
  resendAfterSeconds: z
    .number()
    .int()
    .positive()
    .describe("Wait this long before asking for another code: a minute while the phone's allowance lasts, else until it comes back, so a member who waits never meets the limit"),
});
export type RequestOtpResponse = z.infer<typeof requestOtpResponse>;
export const verifyOtpResponse = z.object({
  isNewUser: z.boolean(),
  token: z.string().optional().describe('Only with "session": "token": send it as Authorization: Bearer <token>.'),
  deviceToken: z
    .string()
    .optional()
    .describe('Only with "session": "token": keep it on the device and send it with request-otp, so this device gets codes for this phone while strangers use up theirs (the web gets a device cookie instead)'),
  expiresAt: z.iso
    .datetime()
    .optional()
    .describe('Only with "session": "token": when the token stops working unless used. Each use slides it to SESSION_TTL_DAYS (default 30) after that use (at most hourly); GET /api/auth/session tells the current value.'),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().describe('E.164, e.g. +15551234567'),
  onboardingComplete: z.boolean(),
  socialCapitalBalance: z.number(),
  introductionScore: z.number(),
  connectorScore: z.number(),
  vouchScore: z.number(),
  reputationScore: z.number(),
  vouchesGiven: z.number().int(),
  vouchesReceived: z.number().int(),
  introductionRequestsCount: z.number().int(),
  connectionsCount: z.number().int(),
  profileViews: z.number().int(),
  createdAt: z.iso.datetime().describe('ISO 8601'),
}).meta({ id: 'UserProfile' });
/** SPEC §3 "User profile". */
export type UserProfile = z.infer<typeof userSchema>;
export const userResponse = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponse>;
/** GET /api/auth/session: who is calling, and how long their session lasts (all null when signed out). */
export const sessionResponse = z.object({
  user: userSchema.nullable().describe('The signed-in member; null when signed out or before the names step'),
  expiresAt: z.iso.datetime().nullable().describe('When this session ends unless used again (sliding); null without a live session'),
  registrationComplete: z.boolean().describe('false with a live session: the phone is verified but the names step (complete-registration) is still due'),
}).meta({ id: 'Session' });
export const smsOutboxResponse = z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), code: z.string().nullable().describe('The sign-in code; null for other texts'), sentAt: z.iso.datetime() })),
});
