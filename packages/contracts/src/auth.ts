/**
 * Sign-in, registration and the session on the wire (SPEC §7 auth calls), shared by the web
 * (mf-auth) and the auth service, which validates every body with these schemas.
 */
import { z } from 'zod';
import { NAME_PART_MAX_LENGTH } from './profiles.rules';
import { vouchTokenSchema } from './vouches';
import { PERSON_NAME_PATTERN, personNameMessage } from './names';

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

const phone = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Phone number is required.' : 'Phone number must be text.') })
  .trim()
  .min(1, 'Phone number is required.')
  .max(32, 'Please enter a valid US phone number, e.g. (555) 123-4567.');

export const requestOtpBody = z.object({
  phone,
  vouchToken: vouchTokenSchema.optional(),
});
export type RequestOtpBody = z.infer<typeof requestOtpBody>;
export type RequestOtpInput = z.input<typeof requestOtpBody>;

export const verifyOtpBody = z.object({
  phone,
  otp: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Verification code is required.' : 'Verification code must be text.') })
    .trim()
    .min(1, 'Verification code is required.')
    .regex(/^\d{6}$/, 'The verification code is 6 digits.'),
  vouchToken: vouchTokenSchema.optional(),
  /** "token": answer with the session token for mobile clients instead of setting the cookie. */
  session: z.enum(['cookie', 'token'], { error: 'Session must be "cookie" or "token".' }).optional(),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
export type VerifyOtpInput = z.input<typeof verifyOtpBody>;

function namePart(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_PART_MAX_LENGTH, `${label} must be at most ${NAME_PART_MAX_LENGTH} characters.`)
    .regex(PERSON_NAME_PATTERN, personNameMessage(label));
}

export const completeRegistrationBody = z.object({
  firstName: namePart('First name'),
  lastName: namePart('Last name'),
  isPublic: z
    .boolean({ error: 'Choose whether your profile is public: true or false.' })
    .optional()
    .describe('Whether the new profile is public (listed, in the sitemap); default true. Changed later with PATCH /api/profile'),
});
export type CompleteRegistrationBody = z.infer<typeof completeRegistrationBody>;
export type CompleteRegistrationInput = z.input<typeof completeRegistrationBody>;

export const smsOutboxQuery = z.object({ phone: z.string().trim().max(32).optional() });

// Response shapes (documented in the OpenAPI document).
export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

/** POST /api/auth/request-otp's answer: the code is on its way, and when another may be asked for. */
export const requestOtpResponse = successResponse.extend({
  resendAfterSeconds: z
    .number()
    .int()
    .positive()
    .describe("Wait this long before asking for another code: the phone's send limit spread over its window, so a member who waits never meets the limit"),
});
export type RequestOtpResponse = z.infer<typeof requestOtpResponse>;
export const verifyOtpResponse = z.object({
  isNewUser: z.boolean(),
  token: z.string().optional().describe('Only with "session": "token": send it as Authorization: Bearer <token>.'),
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
