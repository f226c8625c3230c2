import { z } from 'zod';

const phone = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Phone number is required.' : 'Phone number must be text.') })
  .trim()
  .min(1, 'Phone number is required.')
  .max(32, 'Please enter a valid US phone number, e.g. (555) 123-4567.');

const vouchToken = z.string().trim().min(1, 'Vouch token must not be empty.').max(200, 'Vouch token is too long.');

export const requestOtpBody = z.object({
  phone,
  vouchToken: vouchToken.optional(),
});
export type RequestOtpBody = z.infer<typeof requestOtpBody>;

export const verifyOtpBody = z.object({
  phone,
  otp: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Verification code is required.' : 'Verification code must be text.') })
    .trim()
    .min(1, 'Verification code is required.')
    .regex(/^\d{6}$/, 'The verification code is 6 digits.'),
  vouchToken: vouchToken.optional(),
  /** "token": answer with the session token for mobile clients instead of setting the cookie. */
  session: z.enum(['cookie', 'token'], { error: 'Session must be "cookie" or "token".' }).optional(),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

function namePart(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(50, `${label} must be at most 50 characters.`);
}

export const completeRegistrationBody = z.object({
  firstName: namePart('First name'),
  lastName: namePart('Last name'),
});
export type CompleteRegistrationBody = z.infer<typeof completeRegistrationBody>;

export const smsOutboxQuery = z.object({ phone: z.string().trim().max(32).optional() });

// Response shapes (documented in the OpenAPI document).
export const successResponse = z.object({ success: z.literal(true) });
export const verifyOtpResponse = z.object({
  isNewUser: z.boolean(),
  token: z.string().optional().describe('Only with "session": "token": send it as Authorization: Bearer <token>.'),
});
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
  createdAt: z.string().describe('ISO 8601'),
});
export const userResponse = z.object({ user: userSchema });
export const smsOutboxResponse = z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), code: z.string(), sentAt: z.string() })),
});
