import { UniqueConstraintError } from 'sequelize';
import { isPersonName, VOUCH_MESSAGES } from '@vouch/contracts';
import { problems, type AuthContext, type Database, type Logger, type RateLimitState } from '@vouch/service-core';
import type { AuthConfig } from '../config';
import { findMemberRowByPhone, insertMember } from '../data-access/member.repository';
import { clearRateLimitBucket } from '../data-access/rate-limit.repository';
import { insertSession, revokeSession } from '../data-access/session.repository';
import type { Clock } from './clock';
import type { Member } from './member';
import { startMemberData, type MemberDataPart } from './member-data';
import { OtpProviderError, type OtpProvider } from './otp';
import { maskPhone, normalizePhone, smsRefusal } from './phone';
import { addressBucket, enforceRateLimit } from './rate-limit';
import { generateSessionToken, hashSessionToken } from './session';

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
}

export const INVALID_PHONE = 'Please enter a valid US phone number, e.g. (555) 123-4567.';
export const CODE_INCORRECT = 'The verification code is incorrect.';
export const CODE_EXPIRED = 'The verification code has expired or was already used. Please request a new one.';
export const CODE_EXHAUSTED = 'Too many incorrect attempts. Please request a new verification code.';
export const CODE_MISSING = 'No verification code was requested for this phone number. Please request a new one.';
const SEND_LIMITED = 'Too many verification codes were requested. Please wait before trying again.';
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

/**
 * POST /api/auth/request-otp: limits, the number's fitness for a text, vouch check, then one code
 * through the provider. A phone's allowance is counted per phone AND client address (5 per 10
 * minutes, then 10 a day), so a stranger elsewhere cannot spend a member's; every address
 * together gets a bounded daily number per phone (SMS bombing), and all codes a global daily
 * number (SMS pumping). Defaults in config.ts and the auth README.
 */
/**
 * How long the sign-in screen counts down before Resend code (issue 28): the phone's send limit
 * spread evenly over its window (600 s / 5 codes → 120 s), so resending when the button comes
 * back never meets the limit. At least 30 s; without a limit, 30 s.
 */
export function resendAfterSeconds(limit: { points: number; windowSeconds: number }): number {
  if (limit.points <= 0) return MIN_RESEND_SECONDS;
  return Math.max(MIN_RESEND_SECONDS, Math.ceil(limit.windowSeconds / limit.points));
}
const MIN_RESEND_SECONDS = 30;

export async function requestOtp(deps: SignInDeps, input: { phone: string; vouchToken?: string | undefined }, ip: string, quotas: RateLimitState[] = []): Promise<void> {
  const { db, clock, config, provider, logger } = deps;
  const address = addressBucket(ip);
  const report = (policy: string) => ({ policy, into: quotas });
  await enforceRateLimit(db, clock, `otp-send:ip:${address}`, config.limits.sendPerIp, SEND_LIMITED, report('otp-send-ip'));
  const phone = requirePhone(input.phone);
  const refusal = smsRefusal(phone, config.smsCountries, !config.production);
  if (refusal) throw problems.badRequest(refusal, [{ field: 'phone', message: refusal }]);
  if (input.vouchToken) await requireVouchRecipient(deps, input.vouchToken, phone);
  await enforceRateLimit(db, clock, `otp-send:phone-ip:${phone}:${address}`, config.limits.sendPerPhone, SEND_LIMITED, report('otp-send-phone'));
  await enforceRateLimit(db, clock, `otp-send-day:phone-ip:${phone}:${address}`, config.limits.sendPerPhoneDaily, SEND_LIMITED_TODAY, report('otp-send-phone-day'));
  await enforceRateLimit(db, clock, `otp-send-day:phone:${phone}`, config.limits.sendPerPhoneAllDaily, SEND_LIMITED_TODAY, report('otp-send-phone-all-day'));
  // The server-wide daily bound is no client's quota: not reported.
  await enforceRateLimit(db, clock, 'otp-send-day:all', config.limits.sendGlobalDaily, SENDING_PAUSED);

  let result;
  try {
    result = await provider.send(phone);
  } catch (error) {
    if (error instanceof OtpProviderError) {
      logger.error({ err: { message: error.message } }, `otp send failed for ${maskPhone(phone)}`);
      throw problems.badGateway(PROVIDER_DOWN);
    }
    throw error;
  }
  if (result.status === 'rate_limited') throw problems.tooManyRequests(SEND_LIMITED, result.retryAfterSeconds);
  if (result.status === 'invalid_phone') throw problems.badRequest(INVALID_PHONE, [{ field: 'phone', message: INVALID_PHONE }]);
  logger.info(`otp sent to ${maskPhone(phone)} via ${provider.name}`);
}

export interface VerifyOtpResult {
  isNewUser: boolean;
  token: string;
  sessionId: string;
  /** When the session ends unless used: it slides forward on use (SESSION_TTL_DAYS after the last use, hourly), never past SESSION_MAX_AGE_DAYS after sign-in. */
  expiresAt: Date;
  memberId: number | null;
}

/** The vouch's recipient name as the new member's name; one stored before the name rule (item 7) that breaks it is not used. */
function nameFromVouch(recipientName: string): string {
  const name = recipientName.trim().slice(0, 101);
  return isPersonName(name) ? name : 'Vouch member';
}

async function createMemberFromVouch(db: Database, phone: string, name: string, now: Date): Promise<{ member: Member; created: boolean }> {
  try {
    const member = await db.transaction((t) => insertMember(db, { phone, name: nameFromVouch(name), now }, t));
    return { member, created: true };
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const member = await findMemberRowByPhone(db, phone);
    if (!member) throw error;
    return { member, created: false };
  }
}

/**
 * POST /api/auth/verify-otp: checks the code and opens a session. An existing member is signed
 * in; a new phone gets a session awaiting registration, unless it comes through a vouch link,
 * in which case the member is created at once from the vouch's recipient name.
 */
export async function verifyOtp(
  deps: SignInDeps,
  input: { phone: string; otp: string; vouchToken?: string | undefined },
  ip: string,
  previous: AuthContext | null,
  quotas: RateLimitState[] = [],
): Promise<VerifyOtpResult> {
  const { db, clock, config, provider, logger } = deps;
  const address = addressBucket(ip);
  const report = (policy: string) => ({ policy, into: quotas });
  await enforceRateLimit(db, clock, `otp-verify:ip:${address}`, config.limits.verifyPerIp, VERIFY_LIMITED, report('otp-verify-ip'));
  const phone = requirePhone(input.phone);
  const recipient = input.vouchToken ? await requireVouchRecipient(deps, input.vouchToken, phone) : null;
  // Per phone AND address: wrong codes typed elsewhere do not lock the member out on their own
  // address. Every address together stays bounded, and a code dies after 5 wrong tries anyway.
  const verifyKey = `otp-verify:phone-ip:${phone}:${address}`;
  await enforceRateLimit(db, clock, verifyKey, config.limits.verifyPerPhone, VERIFY_LIMITED, report('otp-verify-phone'));
  await enforceRateLimit(db, clock, `otp-verify:phone:${phone}`, config.limits.verifyPerPhoneAll, VERIFY_LIMITED, report('otp-verify-phone-all'));

  let check;
  try {
    check = await provider.check(phone, input.otp);
  } catch (error) {
    if (error instanceof OtpProviderError) {
      logger.error({ err: { message: error.message } }, `otp check failed for ${maskPhone(phone)}`);
      throw problems.badGateway(PROVIDER_DOWN);
    }
    throw error;
  }
  switch (check.status) {
    case 'approved':
      break;
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
      throw problems.badRequest(CODE_MISSING, [{ field: 'otp', message: CODE_MISSING }], 'OTP_NOT_REQUESTED');
  }

  const now = clock();
  let member = await findMemberRowByPhone(db, phone);
  let isNewUser = member === null;
  if (!member && recipient) {
    const made = await createMemberFromVouch(db, phone, recipient.name, now);
    member = made.member;
    isNewUser = made.created;
    // No names step through a link: the profile starts public, as the settings page shows.
    if (made.created) await startMemberData(deps.parts, db, member, { isPublic: true }, now);
  }

  const token = generateSessionToken();
  const endsAt = new Date(now.getTime() + config.sessionMaxAgeSeconds * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + config.sessionTtlSeconds * 1000, endsAt.getTime()));
  const sessionId = await db.transaction(async (t) => {
    // A fresh session per sign-in (no fixation); the one it replaces stops working.
    if (previous) await revokeSession(db, previous.sessionId, now, t);
    return insertSession(
      db,
      { tokenHash: hashSessionToken(token), phone, memberId: member?.id ?? null, expiresAt, endsAt, now },
      t,
    );
  });
  await clearRateLimitBucket(db, verifyKey);
  logger.info(`signed in ${maskPhone(phone)} (${isNewUser ? 'new' : 'returning'})`);
  return { isNewUser, token, sessionId, memberId: member?.id ?? null, expiresAt };
}
