import { UniqueConstraintError } from 'sequelize';
import { isPersonName, VOUCH_MESSAGES } from '@vouch/contracts';
import { problems, type AuthContext, type Database, type Logger, type RateLimitState } from '@vouch/service-core';
import type { AuthConfig } from '../config';
import { findMemberById, findMemberRowByPhone, insertMember, updateMemberPhone } from '../data-access/member.repository';
import { dropOtpCode, setOtpProviderRef } from '../data-access/otp-code.repository';
import { findSessionReverifiedAt, insertSession, setSessionReverified } from '../data-access/session.repository';
import { deviceSignedInSince, forgetDevices, rememberDeviceSignIn } from '../data-access/sign-in-device.repository';
import type { Clock } from './clock';
import type { Member } from './member';
import { startMemberData, type MemberDataPart } from './member-data';
import { OtpProviderError, type OtpProvider } from './otp';
import { maskPhone, normalizePhone, smsRefusal } from './phone';
import { addressBucket, addressPrefix, enforceRateLimit } from './rate-limit';
import { generateSessionToken, hashSessionToken, isWellFormedSessionToken } from './session';
import { endSessions, type SessionEndDeps, type SessionsEndedListener } from './session-end';
import { checkSignInCode, issueSignInCode } from './sign-in-codes';

/**
 * The recipient a vouch link names, or null for an unknown vouch: vouches' vouchRecipientByToken,
 * passed in by the gateway (vouches imports auth, so auth cannot import it).
 */
export type FindVouchRecipient = (db: Database, vouchToken: string) => Promise<{ phone: string; name: string } | null>;

export interface SignInDeps {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  clock: Clock;
  config: AuthConfig;
  provider: OtpProvider;
  /** Without it (auth run alone) every vouch token is unknown. */
  vouchRecipient: FindVouchRecipient | undefined;
  /** The other services' parts: a member created through a vouch link gets their rows (profile) too. */
  parts: readonly MemberDataPart[] | undefined;
  /** Told of every session that ends (session-end.ts). */
  sessionsEnded: readonly SessionsEndedListener[];
}

/** What endSessions needs, from the sign-in deps. */
export function sessionEndDeps(deps: Pick<SignInDeps, 'db' | 'sessionsEnded'>): SessionEndDeps {
  return { db: deps.db, listeners: deps.sessionsEnded };
}

export const INVALID_PHONE = 'Please enter a valid US phone number, e.g. (555) 123-4567.';
export const CODE_INCORRECT = 'The verification code is incorrect.';
export const CODE_EXPIRED = 'The verification code has expired or was already used. Please request a new one.';
export const CODE_EXHAUSTED = 'Too many incorrect attempts. Please request a new verification code.';
export const CODE_MISSING = 'No verification code was requested in this sign-in attempt for this phone number. Please request a new one.';
const SEND_LIMITED = 'Too many verification codes were requested. Please wait before trying again.';
const SEND_LIMITED_PHONE = 'Too many verification codes were sent to this phone number. Please wait before trying again.';
const SEND_LIMITED_TODAY = 'Too many verification codes were requested for this phone number today. Please try again tomorrow.';
const SENDING_PAUSED = 'We cannot send more verification codes right now. Please try again later.';
const VERIFY_LIMITED = 'Too many verification attempts. Please wait before trying again.';
const PROVIDER_DOWN = 'We could not reach the SMS service. Please try again shortly.';

function requirePhone(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw problems.badRequest(INVALID_PHONE, [{ field: 'phone', message: INVALID_PHONE }]);
  return phone;
}

/** The vouch's recipient, when the phone is theirs; 404 for an unknown vouch, 403 for another phone. */
async function requireVouchRecipient(deps: SignInDeps, vouchToken: string, phone: string): Promise<{ phone: string; name: string }> {
  const recipient = deps.vouchRecipient ? await deps.vouchRecipient(deps.db, vouchToken) : null;
  if (!recipient) throw problems.notFound(VOUCH_MESSAGES.notFound);
  if (normalizePhone(recipient.phone) !== phone) throw problems.forbidden(VOUCH_MESSAGES.phoneMismatch, 'PHONE_MISMATCH');
  return recipient;
}

/** Who is asking: the client address, its User-Agent and the device token it holds (cookie or body). */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
  deviceToken: string | null;
}

/** After each code, the wait before Resend code while the phone's allowance lasts (issue 28's minimum was 30 s). */
export const RESEND_AFTER_SECONDS = 60;

/**
 * How long the sign-in screen counts down before Resend code: a minute while the phone's
 * allowance lasts, else until the allowance that ran out comes back (the phone's window or its
 * day), so resending when the button comes back never meets the limit.
 */
export function resendAfterSeconds(phoneQuotas: readonly RateLimitState[]): number {
  const spent = phoneQuotas.filter((quota) => quota.remaining <= 0);
  if (spent.length === 0) return RESEND_AFTER_SECONDS;
  return Math.max(RESEND_AFTER_SECONDS, ...spent.map((quota) => Math.ceil(quota.resetSeconds)));
}

/** What request-otp answers. */
export interface RequestOtpResult {
  /** The sign-in attempt: verify-otp (or reverify) must send it with the code. */
  attemptId: string;
  resendAfterSeconds: number;
  /** The request came from a device that signed in with this phone before (its own allowance). */
  trustedDevice: boolean;
}

/**
 * Whether the client's device token names a device that signed in with this phone within
 * AUTH_DEVICE_TRUST_DAYS: such a device spends its own allowance of codes.
 */
async function isTrustedDevice(deps: SignInDeps, deviceToken: string | null, phone: string): Promise<boolean> {
  if (!isWellFormedSessionToken(deviceToken)) return false;
  const since = new Date(deps.clock().getTime() - deps.config.deviceTrustSeconds * 1000);
  return deviceSignedInSince(deps.db, hashSessionToken(deviceToken), phone, since);
}

/**
 * POST /api/auth/request-otp: limits, the number's fitness for a text, vouch check, then a new
 * sign-in attempt whose code goes out through the provider (issue 43). A phone receives at most
 * AUTH_OTP_SEND_LIMIT_PER_PHONE codes per AUTH_OTP_SEND_WINDOW_SECONDS (3 per 15 minutes) and
 * AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE a day (10), whoever asks from wherever: it cannot be
 * bombed. A device that signed in with the phone before spends an allowance of its own (the
 * same numbers, _TRUSTED), so strangers spending the first do not keep the member from their
 * code. Every address has its own bound, and all codes a daily one (SMS pumping). Defaults in
 * config.ts and the auth README.
 */
export async function requestOtp(deps: SignInDeps, input: { phone: string; vouchToken?: string | undefined }, client: SignInClient, quotas: RateLimitState[] = []): Promise<RequestOtpResult> {
  const { db, clock, config, provider, logger } = deps;
  const address = addressBucket(client.ip);
  const report = (policy: string) => ({ policy, into: quotas });
  await enforceRateLimit(db, clock, `otp-send:ip:${address}`, config.limits.sendPerIp, SEND_LIMITED, report('otp-send-ip'));
  const phone = requirePhone(input.phone);
  const refusal = smsRefusal(phone, config.smsCountries, !config.production);
  if (refusal) throw problems.badRequest(refusal, [{ field: 'phone', message: refusal }]);
  if (input.vouchToken) await requireVouchRecipient(deps, input.vouchToken, phone);
  const trustedDevice = await isTrustedDevice(deps, client.deviceToken, phone);
  const phoneQuotas: RateLimitState[] = [];
  const phoneReport = (policy: string) => ({ policy, into: phoneQuotas });
  try {
    if (trustedDevice) {
      await enforceRateLimit(db, clock, `otp-send:phone-trusted:${phone}`, config.limits.sendPerPhoneTrusted, SEND_LIMITED_PHONE, phoneReport('otp-send-phone-trusted'));
      await enforceRateLimit(db, clock, `otp-send-day:phone-trusted:${phone}`, config.limits.sendPerPhoneTrustedDaily, SEND_LIMITED_TODAY, phoneReport('otp-send-phone-trusted-day'));
    } else {
      await enforceRateLimit(db, clock, `otp-send:phone:${phone}`, config.limits.sendPerPhone, SEND_LIMITED_PHONE, phoneReport('otp-send-phone'));
      await enforceRateLimit(db, clock, `otp-send-day:phone:${phone}`, config.limits.sendPerPhoneDaily, SEND_LIMITED_TODAY, phoneReport('otp-send-phone-day'));
    }
  } finally {
    quotas.push(...phoneQuotas);
  }
  // The server-wide daily bound is no client's quota: not reported.
  await enforceRateLimit(db, clock, 'otp-send-day:all', config.limits.sendGlobalDaily, SENDING_PAUSED);

  const issued = await issueSignInCode(db, config.otpSecret, phone, clock());
  let result;
  try {
    result = await provider.send(phone, issued.code);
  } catch (error) {
    await dropOtpCode(db, issued.id);
    if (error instanceof OtpProviderError) {
      logger.error({ err: { message: error.message } }, `otp send failed for ${maskPhone(phone)}`);
      throw problems.badGateway(PROVIDER_DOWN);
    }
    throw error;
  }
  if (result.status !== 'sent') await dropOtpCode(db, issued.id);
  if (result.status === 'rate_limited') throw problems.tooManyRequests(SEND_LIMITED, result.retryAfterSeconds);
  if (result.status === 'invalid_phone') throw problems.badRequest(INVALID_PHONE, [{ field: 'phone', message: INVALID_PHONE }]);
  if (result.reference) await setOtpProviderRef(db, issued.id, result.reference);
  logger.info(`otp sent to ${maskPhone(phone)} via ${provider.name}${trustedDevice ? ' (a device that signed in before)' : ''}`);
  return { attemptId: issued.attemptId, resendAfterSeconds: resendAfterSeconds(phoneQuotas), trustedDevice };
}

/**
 * Checks `otp` in the sign-in attempt `attemptId` for `phone` and, when right, tells the provider
 * (Twilio Verify's feedback; best effort). Throws the problem a wrong, expired, spent or unknown
 * code answers.
 */
async function requireRightCode(deps: SignInDeps, phone: string, attemptId: string, otp: string): Promise<void> {
  const check = await checkSignInCode(deps.db, deps.config.otpSecret, { phone, attemptId, code: otp }, deps.clock());
  switch (check.status) {
    case 'approved':
      if (check.providerRef && deps.provider.confirm) {
        await deps.provider.confirm(phone, check.providerRef).catch((error: unknown) => {
          deps.logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'could not tell the SMS provider a code was used');
        });
      }
      return;
    case 'incorrect': {
      const left = check.triesLeft;
      const suffix = left === null ? '' : ` ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      throw problems.badRequest(`${CODE_INCORRECT}${suffix}`, [{ field: 'otp', message: CODE_INCORRECT }], 'OTP_INCORRECT');
    }
    case 'expired':
      throw problems.gone(CODE_EXPIRED, 'CODE_EXPIRED');
    case 'exhausted':
      throw problems.badRequest(CODE_EXHAUSTED, [{ field: 'otp', message: CODE_EXHAUSTED }], 'OTP_ATTEMPTS_EXHAUSTED');
    case 'missing':
      throw problems.badRequest(CODE_MISSING, [{ field: 'attemptId', message: CODE_MISSING }], 'OTP_NOT_REQUESTED');
  }
}

export interface VerifyOtpResult {
  isNewUser: boolean;
  /** The device's token (its cookie, or the app keeps it): its next code requests spend the allowance of a device that signed in. */
  deviceToken: string;
  token: string;
  sessionId: string;
  /** When the session ends unless used: it slides forward on use (SESSION_TTL_DAYS after the last use, hourly), never past SESSION_MAX_AGE_DAYS after sign-in. */
  expiresAt: Date;
  memberId: number | null;
}

/** The vouch's recipient name as the new member's name; one stored before the name rule (item 7) that breaks it is not used. */
function nameFromVouch(recipientName: string): string {
  const name = recipientName.trim().slice(0, 101);
  // Not "Vouch member": since issue 43 no member's name may carry the product's name.
  return isPersonName(name) ? name : 'New Member';
}

/**
 * POST /api/auth/verify-otp: checks the code of the sign-in attempt and opens a session. An
 * existing member is signed in; a new phone gets a session awaiting registration, unless it
 * comes through a vouch link, in which case the member is created at once from the vouch's
 * recipient name (private, the name to be confirmed), unless `join` is false: then the session
 * proves the phone without a member, and may decline the vouch without joining (issue 44). The device is remembered for the phone (its device token: the one it sent, or
 * a new one), so its next code requests spend their own allowance.
 */
export async function verifyOtp(
  deps: SignInDeps,
  input: { phone: string; otp: string; attemptId: string; vouchToken?: string | undefined; session?: 'cookie' | 'token' | undefined; join?: boolean | undefined },
  client: SignInClient,
  previous: AuthContext | null,
  quotas: RateLimitState[] = [],
): Promise<VerifyOtpResult> {
  const { db, clock, config, logger } = deps;
  const address = addressBucket(client.ip);
  await enforceRateLimit(db, clock, `otp-verify:ip:${address}`, config.limits.verifyPerIp, VERIFY_LIMITED, { policy: 'otp-verify-ip', into: quotas });
  const phone = requirePhone(input.phone);
  const recipient = input.vouchToken ? await requireVouchRecipient(deps, input.vouchToken, phone) : null;
  // Only this attempt's code is reached: guesses in other attempts (a stranger's) never count against it.
  await requireRightCode(deps, phone, input.attemptId, input.otp);

  const now = clock();
  const existing = await findMemberRowByPhone(db, phone);
  // join: false (issue 44): the phone is proven, no member is made (to decline without joining).
  const joins = existing === null && recipient !== null && input.join !== false;

  const token = generateSessionToken();
  const deviceToken = isWellFormedSessionToken(client.deviceToken) ? client.deviceToken : generateSessionToken();
  const deviceHash = hashSessionToken(deviceToken);
  const endsAt = new Date(now.getTime() + config.sessionMaxAgeSeconds * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + config.sessionTtlSeconds * 1000, endsAt.getTime()));
  // One transaction makes the member of a vouch link and the session: the code is spent already,
  // so once it commits nothing may fail (a retry could not sign in with the same code).
  const open = () =>
    db.transaction(async (t) => {
      // A fresh session per sign-in (no fixation); the one it replaces stops working.
      if (previous) await endSessions(sessionEndDeps(deps), { kind: 'ids', ids: [previous.sessionId] }, 'signed-in-again', now, t);
      await rememberDeviceSignIn(db, { tokenHash: deviceHash, phone, now }, t);
      const found = joins ? await findMemberRowByPhone(db, phone, t) : existing;
      const made = joins && !found ? await insertMember(db, { phone, name: nameFromVouch(recipient.name), now }, t) : null;
      const member = made ?? found;
      const sessionId = await insertSession(
        db,
        {
          tokenHash: hashSessionToken(token),
          phone,
          memberId: member?.id ?? null,
          expiresAt,
          endsAt,
          now,
          client: { userAgent: client.userAgent, addressPrefix: addressPrefix(client.ip), kind: input.session === 'token' ? 'token' : 'cookie', deviceHash },
        },
        t,
      );
      return { sessionId, member, created: made !== null };
    });
  // The same phone's first sign-ins through vouch links at once: the loser's member collides; again, it finds the winner's.
  const { sessionId, member, created } = await open().catch((error: unknown) => {
    if (joins && error instanceof UniqueConstraintError) return open();
    throw error;
  });
  const isNewUser = member === null || created;
  // The names step that follows confirms the name and chooses the visibility (issue 44): until
  // the member chose, nobody sees the profile, and its URL is the voucher's typed name's, to be
  // replaced when the member gives theirs. Best effort (logged), after the commit.
  if (member && created) await startMemberData(deps.parts, db, member, { isPublic: false, nameFromVoucher: true }, now, logger);
  logger.info(`signed in ${maskPhone(phone)} (${isNewUser ? 'new' : 'returning'})`);
  return { isNewUser, token, sessionId, memberId: member?.id ?? null, expiresAt, deviceToken };
}

/** How long a fresh code lets a session do what needs one (delete the account): GitHub's sudo mode, shorter. */
export const REVERIFICATION_WINDOW_SECONDS = 10 * 60;

/**
 * POST /api/auth/reverify: the signed-in member enters a fresh code (an attempt requested for
 * their own phone) and their session may, for REVERIFICATION_WINDOW_SECONDS, do what needs one.
 */
export async function reverify(deps: SignInDeps, auth: { sessionId: string; phone: string }, input: { attemptId: string; otp: string }, client: SignInClient, quotas: RateLimitState[] = []): Promise<{ reverifiedUntil: Date }> {
  const { db, clock, config } = deps;
  await enforceRateLimit(db, clock, `otp-verify:ip:${addressBucket(client.ip)}`, config.limits.verifyPerIp, VERIFY_LIMITED, { policy: 'otp-verify-ip', into: quotas });
  await requireRightCode(deps, auth.phone, input.attemptId, input.otp);
  const now = clock();
  await setSessionReverified(db, auth.sessionId, now);
  return { reverifiedUntil: new Date(now.getTime() + REVERIFICATION_WINDOW_SECONDS * 1000) };
}

/**
 * Throws 403 REVERIFICATION_REQUIRED unless the session's member entered a code in it (signing
 * in, or POST /api/auth/reverify) within REVERIFICATION_WINDOW_SECONDS: what deleting the account
 * needs, so a session left open or stolen cannot do it alone.
 */
export async function requireRecentVerification(db: Database, sessionId: string, now: Date, action: string): Promise<void> {
  const at = await findSessionReverifiedAt(db, sessionId);
  if (at && now.getTime() - at.getTime() <= REVERIFICATION_WINDOW_SECONDS * 1000) return;
  throw problems.forbidden(`Confirm it is you before ${action}: enter the new code we text to your phone.`, 'REVERIFICATION_REQUIRED');
}

export const PHONE_TAKEN = 'Another member signs in with this phone number: it cannot be yours too.';
export const SAME_PHONE = 'This is already your phone number.';

/**
 * PUT /api/account/phone: the member signs in with another phone from now on. It needs two codes:
 * a fresh one for the current phone in this session (requireRecentVerification: a session left
 * open or stolen cannot move the account to a phone of its own), and one texted to the new phone
 * (an attempt requested for it: the new phone is theirs). Their sessions follow the new phone;
 * the devices of the old one lose their allowance, this one gains the new phone's. Pending vouches
 * sent to the old phone stay addressed to it; those sent to the new one become theirs (a sync
 * token of GET /api/vouches/pending-for-me/sync names the phone's copy: the old one answers 410).
 */
export async function changePhone(
  deps: SignInDeps,
  auth: { memberId: number; phone: string; sessionId: string },
  input: { phone: string; attemptId: string; otp: string },
  client: SignInClient,
  quotas: RateLimitState[] = [],
): Promise<Member> {
  const { db, clock, config } = deps;
  await requireRecentVerification(db, auth.sessionId, clock(), 'changing your phone number');
  await enforceRateLimit(db, clock, `otp-verify:ip:${addressBucket(client.ip)}`, config.limits.verifyPerIp, VERIFY_LIMITED, { policy: 'otp-verify-ip', into: quotas });
  const phone = requirePhone(input.phone);
  if (phone === auth.phone) throw problems.badRequest(SAME_PHONE, [{ field: 'phone', message: SAME_PHONE }]);
  if (await findMemberRowByPhone(db, phone)) throw problems.conflict(PHONE_TAKEN, 'CONFLICT');
  await requireRightCode(deps, phone, input.attemptId, input.otp);
  const now = clock();
  const member = await db.transaction(async (t) => {
    if (!(await updateMemberPhone(db, { id: auth.memberId, phone: auth.phone }, phone, now, t))) throw problems.conflict(PHONE_TAKEN, 'CONFLICT');
    await forgetDevices(db, auth.phone, 'all', t);
    if (isWellFormedSessionToken(client.deviceToken)) await rememberDeviceSignIn(db, { tokenHash: hashSessionToken(client.deviceToken), phone, now }, t);
    return findMemberById(db, auth.memberId, t);
  });
  if (!member) throw problems.unauthorized();
  deps.logger.info(`member ${auth.memberId} changed phone ${maskPhone(auth.phone)} → ${maskPhone(phone)}`);
  return member;
}
