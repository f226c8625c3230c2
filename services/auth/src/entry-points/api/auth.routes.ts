import { Router } from 'express';
import { currentAuth, parse, problems, type ServiceContext } from '@vouch/service-core';
import { readAuthConfig } from '../../config';
import { findMemberById } from '../../data-access/member.repository';
import { revokeSession } from '../../data-access/session.repository';
import { completeRegistrationBody, requestOtpBody, smsOutboxQuery, verifyOtpBody } from '../../domain/auth.schemas';
import { systemClock, type Clock } from '../../domain/clock';
import { ConsoleOtpProvider, SmsOutbox } from '../../domain/console-otp-provider';
import { toUserDto } from '../../domain/member';
import type { OtpProvider } from '../../domain/otp';
import { normalizePhone } from '../../domain/phone';
import { completeRegistration } from '../../domain/registration.use-case';
import { requestOtp, verifyOtp, type SignInDeps } from '../../domain/sign-in.use-case';
import { TwilioOtpProvider } from '../../domain/twilio-otp-provider';
import { accountRouter } from './account.routes';
import { clearSessionCookie, setSessionCookie } from './cookies';

/**
 * What tests (and embedders) may add to the documented ServiceContext: a clock to control
 * code and session expiry, and an OTP provider to replace Twilio / the console provider.
 */
export interface AuthRouterContext extends ServiceContext {
  clock?: Clock;
  otpProvider?: OtpProvider;
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
  const deps: SignInDeps = { db: ctx.db, logger: ctx.logger, clock, config, provider, hooks: ctx.hooks };
  if (config.production && provider.name === 'console') {
    ctx.logger.warn('Twilio Verify is not configured: sign-in codes are only written to the server log.');
  }

  const router = Router();

  router.post('/api/auth/request-otp', async (req, res) => {
    const body = parse(requestOtpBody, req.body);
    await requestOtp(deps, body, clientIp(req.ip));
    res.json({ success: true });
  });

  router.post('/api/auth/verify-otp', async (req, res) => {
    const body = parse(verifyOtpBody, req.body);
    const result = await verifyOtp(deps, body, clientIp(req.ip), currentAuth(req));
    res.set('Cache-Control', 'no-store');
    if (body.session === 'token') {
      res.json({ isNewUser: result.isNewUser, token: result.token });
      return;
    }
    setSessionCookie(res, result.token, config.sessionTtlSeconds, config.production);
    res.json({ isNewUser: result.isNewUser });
  });

  router.post('/api/auth/complete-registration', async (req, res) => {
    const auth = currentAuth(req);
    if (!auth) throw problems.unauthorized();
    const body = parse(completeRegistrationBody, req.body);
    const member = await completeRegistration(ctx.db, clock, auth, body);
    res.status(201).json({ user: toUserDto(member) });
  });

  router.post('/api/auth/logout', async (req, res) => {
    const auth = currentAuth(req);
    if (auth) await ctx.db.transaction((t) => revokeSession(ctx.db, auth.sessionId, clock(), t));
    clearSessionCookie(res, config.production);
    res.json({ success: true });
  });

  router.get('/api/user/profile', async (req, res) => {
    const auth = currentAuth(req);
    if (!auth || auth.memberId === null) throw problems.unauthorized();
    const member = await findMemberById(ctx.db, auth.memberId);
    if (!member) throw problems.unauthorized();
    res.set('Cache-Control', 'no-store');
    res.json({ user: toUserDto(member) });
  });

  router.use(accountRouter(ctx, clock, config.production));

  if (outbox && provider.name === 'console') {
    // Development only: read the codes the console provider "sent" (DESIGN §2).
    router.get('/api/dev/sms-outbox', (req, res) => {
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
