import { Router, type Request } from 'express';
import { createMemberReadCache, currentAuth, parse, problems, requireSession, sendRateLimitHeaders, unauthenticated, type RateLimitState, type ServiceContext } from '@vouch/service-core';
import { readAuthConfig } from '../../config';
import { findMemberById } from '../../data-access/member.repository';
import { findSessionExpiry, revokeSession } from '../../data-access/session.repository';
import { completeRegistrationBody, requestOtpBody, smsOutboxQuery, verifyOtpBody } from '@vouch/contracts';
import { systemClock, type Clock } from '../../domain/clock';
import { ConsoleOtpProvider, SmsOutbox } from '../../domain/console-otp-provider';
import { toUserProfile } from '../../domain/member';
import type { OtpProvider } from '../../domain/otp';
import { normalizePhone } from '../../domain/phone';
import { completeRegistration } from '../../domain/registration.use-case';
import type { MemberDataPart } from '../../domain/member-data';
import { requestOtp, resendAfterSeconds, verifyOtp, type FindVouchRecipient, type SignInDeps } from '../../domain/sign-in.use-case';
import { consoleTextMessenger, registerTextMessenger, twilioTextMessenger } from '../../domain/text-messages';
import { TwilioOtpProvider } from '../../domain/twilio-otp-provider';
import { accountRouter } from './account.router';
import { clearSessionCookie, setSessionCookie } from './cookies';

/**
 * What the gateway passes in from the services that import auth (so auth cannot import them):
 * who a vouch link names (sign-in through the link) and every other service's share of
 * "export my data" / "delete my account".
 */
export interface AuthWiring {
  vouchRecipient?: FindVouchRecipient;
  memberDataParts?: readonly MemberDataPart[];
}

/**
 * What tests (and embedders) may add to the documented ServiceContext: the wiring, a clock to
 * control code and session expiry, and an OTP provider to replace Twilio / the console provider.
 */
export interface AuthRouterContext extends ServiceContext, AuthWiring {
  clock?: Clock;
  otpProvider?: OtpProvider;
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/** The connection comes from a loopback address and no proxy says it carries someone else's request. */
export function fromThisMachine(req: Request): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

function clientIp(ip: string | undefined): string {
  return ip ?? 'unknown';
}

export function authRouter(ctx: AuthRouterContext): Router {
  const config = readAuthConfig(ctx.env);
  const clock = ctx.clock ?? systemClock;
  const outbox = config.production ? null : new SmsOutbox();
  const provider: OtpProvider =
    ctx.otpProvider ??
    (config.twilio
      ? new TwilioOtpProvider(config.twilio)
      : new ConsoleOtpProvider({ db: ctx.db, logger: ctx.logger, clock, secret: config.otpSecret, outbox }));
  const deps: SignInDeps = { db: ctx.db, logger: ctx.logger, clock, config, provider, vouchRecipient: ctx.vouchRecipient, parts: ctx.memberDataParts };
  if (provider.name === 'console') ctx.logger.info('Development mode: sign-in codes are written to this log and the dev SMS outbox (GET /api/dev/sms-outbox, from this machine only).');
  if (config.twilio && !config.twilioMessaging) {
    ctx.logger.warn('TWILIO_MESSAGING_SERVICE_SID / TWILIO_FROM_NUMBER not set: introduction texts are only written to the server log.');
  }
  registerTextMessenger(
    ctx.db,
    config.twilioMessaging ? twilioTextMessenger(config.twilioMessaging) : consoleTextMessenger({ logger: ctx.logger, outbox, clock }),
    ctx.logger,
  );

  const router = Router();

  router.post('/api/auth/request-otp', async (req, res) => {
    const body = parse(requestOtpBody, req.body);
    // Its quotas go out on every answer, the 429 too (RateLimit-Policy / RateLimit).
    const quotas: RateLimitState[] = [];
    try {
      await requestOtp(deps, body, clientIp(req.ip), quotas);
    } finally {
      sendRateLimitHeaders(res, quotas);
    }
    res.json({ success: true, resendAfterSeconds: resendAfterSeconds(config.limits.sendPerPhone) });
  });

  router.post('/api/auth/verify-otp', async (req, res) => {
    const body = parse(verifyOtpBody, req.body);
    const quotas: RateLimitState[] = [];
    let result;
    try {
      result = await verifyOtp(deps, body, clientIp(req.ip), currentAuth(req), quotas);
    } finally {
      sendRateLimitHeaders(res, quotas);
    }
    res.set('Cache-Control', 'no-store');
    if (body.session === 'token') {
      res.json({ isNewUser: result.isNewUser, token: result.token, expiresAt: result.expiresAt.toISOString() });
      return;
    }
    // The web's answer is exactly SPEC §7's; the cookie's Max-Age carries the lifetime.
    setSessionCookie(res, result.token, config.sessionTtlSeconds, config.production);
    res.json({ isNewUser: result.isNewUser });
  });

  router.post('/api/auth/complete-registration', async (req, res) => {
    const auth = requireSession(req);
    const body = parse(completeRegistrationBody, req.body);
    const member = await completeRegistration(ctx.db, clock, auth, body, ctx.memberDataParts);
    res.status(201).json({ user: toUserProfile(member) });
  });

  router.post('/api/auth/logout', async (req, res) => {
    const auth = currentAuth(req);
    // A call without any session is refused (a client that forgot its bearer must not believe it
    // signed out); a token that already stopped working signs out again, idempotently.
    if (!auth && !req.authRefusal) throw unauthenticated(req);
    if (auth) await ctx.db.transaction((t) => revokeSession(ctx.db, auth.sessionId, clock(), t));
    clearSessionCookie(res, config.production);
    res.json({ success: true });
  });

  /** The signed-in, registered member of the request, or null. */
  const signedInMember = async (req: Request) => {
    const auth = currentAuth(req);
    return auth && auth.memberId !== null ? findMemberById(ctx.db, auth.memberId) : null;
  };

  // Behind every page load of the web app: the serialised answer is kept a moment per member (MEMBER_READ_CACHE_SECONDS).
  const memberReads = ctx.memberReads ?? createMemberReadCache({ ttlMs: 0 });
  router.get('/api/user/profile', async (req, res) => {
    const auth = currentAuth(req);
    // SPEC §7: the web stops retrying on "Not authenticated"; the code says why.
    if (!auth || auth.memberId === null) throw unauthenticated(req, 'Not authenticated');
    const memberId = auth.memberId;
    await memberReads.send(req, res, `profile:${memberId}`, async () => {
      const member = await findMemberById(ctx.db, memberId);
      if (!member) throw unauthenticated(req, 'Not authenticated');
      return { body: { user: toUserProfile(member) } };
    });
  });

  // One call answers both "who is this?" (the web app on every page load: a signed-out visitor
  // is an answer, not an error, since a 401 is logged in the browser's console) and "when does
  // my session end, and is registration finished?" (a mobile app after a restart).
  router.get('/api/auth/session', async (req, res) => {
    const auth = currentAuth(req);
    const [member, expiresAt] = auth ? await Promise.all([signedInMember(req), findSessionExpiry(ctx.db, auth.sessionId)]) : [null, null];
    res.set('Cache-Control', 'no-store');
    res.json({ user: member ? toUserProfile(member) : null, expiresAt: expiresAt?.toISOString() ?? null, registrationComplete: !!auth && auth.memberId !== null });
  });

  router.use(accountRouter(ctx, ctx.memberDataParts, clock, config.production));

  if (outbox && provider.name === 'console') {
    // Development mode only: read the codes the console provider "sent" (DESIGN §2), and only
    // from this machine: a request that came through a proxy (forwarding headers) is refused.
    router.get('/api/dev/sms-outbox', (req, res) => {
      if (!fromThisMachine(req)) throw problems.forbidden('The dev SMS outbox answers only requests made on the server itself.', 'LOCAL_ONLY');
      const { phone } = parse(smsOutboxQuery, req.query);
      let wanted: string | undefined;
      if (phone) {
        wanted = normalizePhone(phone) ?? undefined;
        if (!wanted) throw problems.badRequest('Please enter a valid US phone number, e.g. +15551234567.', [{ field: 'phone', message: 'Phone must be a valid US phone number.' }]);
      }
      res.set('Cache-Control', 'no-store');
      res.json({ messages: outbox.list(wanted) });
    });
  }

  return router;
}
