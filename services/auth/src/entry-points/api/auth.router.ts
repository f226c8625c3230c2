import { Router, type Request, type Response } from 'express';
import { createMemberReadCache, currentAuth, parse, problems, requireMember, requireSession, sendRateLimitHeaders, unauthenticated, type RateLimitState, type ServiceContext } from '@vouch/service-core';
import { readAuthConfig } from '../../config';
import { findMemberById } from '../../data-access/member.repository';
import { findSessionExpiry } from '../../data-access/session.repository';
import { changePhoneBody, completeRegistrationBody, requestOtpBody, reverifyBody, smsOutboxQuery, verifyOtpBody } from '@vouch/contracts';
import { systemClock, type Clock } from '../../domain/clock';
import { ConsoleOtpProvider, SmsOutbox } from '../../domain/console-otp-provider';
import { toUserProfile } from '../../domain/member';
import type { OtpProvider } from '../../domain/otp';
import { normalizePhone } from '../../domain/phone';
import { completeRegistration } from '../../domain/registration.use-case';
import type { MemberDataPart } from '../../domain/member-data';
import { endSessions, expirySweeper, type SessionsEndedListener } from '../../domain/session-end';
import { changePhone, requestOtp, reverify, sessionEndDeps, verifyOtp, type FindVouchRecipient, type SignInClient, type SignInDeps } from '../../domain/sign-in.use-case';
import { TwilioOtpProvider } from '../../domain/twilio-otp-provider';
import { accountRouter } from './account.router';
import { clearSessionCookie, deviceCookie, setDeviceCookie, setSessionCookie } from './cookies';
import { sessionsRouter } from './sessions.router';

/**
 * What the gateway passes in from the services that import auth (so auth cannot import them):
 * who a vouch link names (sign-in through the link) and every other service's share of
 * "export my data" / "delete my account".
 */
export interface AuthWiring {
  vouchRecipient?: FindVouchRecipient;
  memberDataParts?: readonly MemberDataPart[];
  /**
   * Told of every session that ends, whatever ended it (sign-out, the member ending it, signing in
   * again, expiry, account deletion), in the transaction that ends it (session-end.ts).
   */
  sessionsEnded?: readonly SessionsEndedListener[];
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

/** Runs a limited use case; the quotas it counted go out on every answer, the 429 too (RateLimit-Policy / RateLimit). */
async function withQuotas<T>(res: Response, run: (quotas: RateLimitState[]) => Promise<T>): Promise<T> {
  const quotas: RateLimitState[] = [];
  try {
    return await run(quotas);
  } finally {
    sendRateLimitHeaders(res, quotas);
  }
}

/** Who asks for or enters a code: address, User-Agent, and the device token (an app's in the body, else the web's cookie). */
function signInClient(req: Request, production: boolean, bodyDeviceToken?: string): SignInClient {
  return { ip: clientIp(req.ip), userAgent: req.get('user-agent') ?? null, deviceToken: bodyDeviceToken || deviceCookie(req, production) };
}

export function authRouter(ctx: AuthRouterContext): Router {
  const config = readAuthConfig(ctx.env);
  const clock = ctx.clock ?? systemClock;
  const outbox = config.production ? null : new SmsOutbox(ctx.db);
  const provider: OtpProvider =
    ctx.otpProvider ??
    (config.twilio
      ? new TwilioOtpProvider(config.twilio)
      : new ConsoleOtpProvider({ logger: ctx.logger, clock, outbox }));
  const sessionsEnded = ctx.sessionsEnded ?? [];
  const deps: SignInDeps = { db: ctx.db, logger: ctx.logger, clock, config, provider, vouchRecipient: ctx.vouchRecipient, parts: ctx.memberDataParts, sessionsEnded };
  // Sessions whose time ran out are ended (and their listeners told) at most once a minute, on
  // sign-in traffic (expiry has no request of its own): the request that finds the minute over
  // runs the sweep before it answers, so no work outlives a request. A failure is logged only.
  const sweep = expirySweeper(sessionEndDeps(deps));
  const sweepNowAndThen = () => sweep(clock()).catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not end expired sessions'));
  if (provider.name === 'console') ctx.logger.info('Development mode: sign-in codes (and, from the worker, notification texts) are written to this log and the dev SMS outbox (GET /api/dev/sms-outbox, from this machine only).');
  if (outbox && provider.name === 'console') {
    // The outbox's only guard is "from this machine, no forwarding header" (issue 43): a proxy or
    // tunnel on the same host that adds no such header would hand every code to the internet.
    ctx.logger.warn('Do not put this development server behind a proxy or tunnel: the dev SMS outbox answers any request from this machine that carries no forwarding header, and a proxy on the same host that adds none would pass every sign-in code on.');
  }

  const router = Router();

  router.post('/api/auth/request-otp', async (req, res) => {
    const body = parse(requestOtpBody, req.body);
    const sent = await withQuotas(res, (quotas) => requestOtp(deps, body, signInClient(req, config.production, body.deviceToken), quotas));
    await sweepNowAndThen();
    // The attempt id is what verify-otp needs: not for a shared cache or a replay.
    res.set('Cache-Control', 'no-store');
    res.json({ success: true, attemptId: sent.attemptId, resendAfterSeconds: sent.resendAfterSeconds });
  });

  router.post('/api/auth/verify-otp', async (req, res) => {
    const body = parse(verifyOtpBody, req.body);
    const result = await withQuotas(res, (quotas) => verifyOtp(deps, body, signInClient(req, config.production), currentAuth(req), quotas));
    res.set('Cache-Control', 'no-store');
    if (body.session === 'token') {
      res.json({ isNewUser: result.isNewUser, token: result.token, expiresAt: result.expiresAt.toISOString(), deviceToken: result.deviceToken });
      return;
    }
    // The web's answer is exactly SPEC §7's; the cookies carry the session and the device.
    setSessionCookie(res, result.token, config.sessionTtlSeconds, config.production);
    setDeviceCookie(res, result.deviceToken, config.deviceTrustSeconds, config.production);
    res.json({ isNewUser: result.isNewUser });
  });

  router.post('/api/auth/reverify', async (req, res) => {
    const auth = requireMember(req);
    const body = parse(reverifyBody, req.body);
    const result = await withQuotas(res, (quotas) => reverify(deps, auth, body, signInClient(req, config.production), quotas));
    res.set('Cache-Control', 'no-store');
    res.json({ reverifiedUntil: result.reverifiedUntil.toISOString() });
  });

  router.put('/api/account/phone', async (req, res) => {
    const auth = requireMember(req);
    const body = parse(changePhoneBody, req.body);
    const member = await withQuotas(res, (quotas) => changePhone(deps, auth, body, signInClient(req, config.production), quotas));
    res.set('Cache-Control', 'no-store');
    res.json({ user: toUserProfile(member) });
  });

  router.post('/api/auth/complete-registration', async (req, res) => {
    const auth = requireSession(req);
    const body = parse(completeRegistrationBody, req.body);
    const member = await completeRegistration(ctx.db, clock, auth, body, ctx.memberDataParts, ctx.logger);
    res.status(201).json({ user: toUserProfile(member) });
  });

  router.post('/api/auth/logout', async (req, res) => {
    const auth = currentAuth(req);
    // A call without any session is refused (a client that forgot its bearer must not believe it
    // signed out); a token that already stopped working signs out again, idempotently.
    if (!auth && !req.authRefusal) throw unauthenticated(req);
    if (auth) await endSessions(sessionEndDeps(deps), { kind: 'ids', ids: [auth.sessionId] }, 'signed-out', clock());
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
    // The member's own phone: no-store (issue 43), so no copy outlives the session on the device.
    await memberReads.send(
      req,
      res,
      `profile:${memberId}`,
      async () => {
        const member = await findMemberById(ctx.db, memberId);
        if (!member) throw unauthenticated(req, 'Not authenticated');
        return { body: { user: toUserProfile(member) } };
      },
      { personal: true },
    );
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

  router.use(sessionsRouter(sessionEndDeps(deps), clock, config.production));
  router.use(accountRouter(ctx, ctx.memberDataParts, clock, config.production, sessionsEnded));

  if (outbox && provider.name === 'console') {
    // Development mode only: read the codes the console provider "sent" (DESIGN §2), and only
    // from this machine: a request that came through a proxy (forwarding headers) is refused.
    router.get('/api/dev/sms-outbox', async (req, res) => {
      if (!fromThisMachine(req)) throw problems.forbidden('The dev SMS outbox answers only requests made on the server itself.', 'LOCAL_ONLY');
      const { phone } = parse(smsOutboxQuery, req.query);
      let wanted: string | undefined;
      if (phone) {
        wanted = normalizePhone(phone) ?? undefined;
        if (!wanted) throw problems.badRequest('Please enter a valid US phone number, e.g. +15551234567.', [{ field: 'phone', message: 'Phone must be a valid US phone number.' }]);
      }
      res.set('Cache-Control', 'no-store');
      res.json({ messages: await outbox.list(wanted) });
    });
  }

  return router;
}
