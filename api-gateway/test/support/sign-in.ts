// Signing members in through the real auth API (request-otp → dev SMS outbox → verify-otp →
// complete-registration), shared by every API suite that needs signed-in members.
import type { Express } from 'express';
import supertest from 'supertest';
import { normalizePhone } from '@vouch/service-auth';
import type { recordingOtpProvider } from '@vouch/service-auth/testing';
import type { Agent, Request } from './index';

/**
 * Auth limits per client IP for suites that sign many members in from one process (one IP).
 * Spread into the suite's `env`.
 */
export const GENEROUS_AUTH_LIMITS = {
  AUTH_OTP_SEND_LIMIT_PER_IP: '10000',
  AUTH_OTP_VERIFY_LIMIT_PER_IP: '10000',
} as const;

let phoneCounter = 0;
/** A fresh North American phone in E.164 (+1555…), unique within this test process. */
export function newPhone(): string {
  phoneCounter += 1;
  return `+1555${String((phoneCounter % 10_000) * 1000 + Math.floor(Math.random() * 1000)).padStart(7, '0')}`;
}

/** Where to sign in: a suite's context (`t`) or any object giving a client of one gateway app. */
export interface SignInTarget {
  readonly request: Request;
  agent(): Agent;
}

export interface SignedInMember {
  /** A browser holding the session cookie. */
  agent: Agent;
  memberId: number;
  /** E.164. */
  phone: string;
  name: string;
}

/** The latest code sent to `phone`, read from the unfiltered outbox (the phone stays out of URLs and logs). */
export async function latestCode(target: SignInTarget, phone: string): Promise<string> {
  const res = await target.request.get('/api/dev/sms-outbox').expect(200);
  const message = (res.body.messages as { to: string; code: string | null }[]).find((m) => m.to === phone && m.code);
  if (!message) throw new Error(`no code was sent to ${phone}`);
  return message.code!;
}

/**
 * Signs a new browser in and registers it as "First Last". `phone` defaults to a fresh one;
 * with `vouchToken` the sign-in goes through a vouch link (the member is created from the
 * vouch's recipient name, no registration step).
 */
export async function signIn(
  target: SignInTarget,
  name: [string, string] = ['Ada', 'Lovelace'],
  options: { phone?: string; vouchToken?: string } = {},
): Promise<SignedInMember> {
  const phone = options.phone ?? newPhone();
  const link = options.vouchToken ? { vouchToken: options.vouchToken } : {};
  const agent = target.agent();
  const sent = await target.request.post('/api/auth/request-otp').send({ phone, ...link }).expect(200);
  const otp = await latestCode(target, phone);
  const verified = await agent.post('/api/auth/verify-otp').send({ phone, otp, attemptId: sent.body.attemptId, ...link }).expect(200);
  if (verified.body.isNewUser && !options.vouchToken) {
    await agent.post('/api/auth/complete-registration').send({ firstName: name[0], lastName: name[1] }).expect(201);
  }
  const profile = await agent.get('/api/user/profile').expect(200);
  return { agent, memberId: profile.body.user.id as number, phone: profile.body.user.phone as string, name: profile.body.user.name as string };
}

/**
 * Signs a mobile client in ("session": "token"): the bearer token and its expiresAt. With
 * `name`, the names step is done too (a member); without, registration is left unfinished.
 */
export async function signInWithToken(target: SignInTarget, name?: [string, string]): Promise<{ token: string; expiresAt: string; phone: string }> {
  const phone = newPhone();
  const sent = await target.request.post('/api/auth/request-otp').send({ phone }).expect(200);
  const res = await target.request.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(target, phone), attemptId: sent.body.attemptId, session: 'token' }).expect(200);
  if (name) {
    await target.request.post('/api/auth/complete-registration').set('Authorization', `Bearer ${res.body.token}`).send({ firstName: name[0], lastName: name[1] }).expect(201);
  }
  return { token: res.body.token as string, expiresAt: res.body.expiresAt as string, phone };
}

/**
 * Signs in through `app` (production settings: no dev outbox) whose auth texts with `provider`
 * (recordingOtpProvider of @vouch/service-auth/testing): request-otp, then verify-otp with the
 * recorded code and `extra` (e.g. `{ session: 'token' }`). Resolves with verify-otp's answer.
 */
export async function signInRecorded(app: Express, provider: ReturnType<typeof recordingOtpProvider>, phone: string, extra: Record<string, unknown> = {}): Promise<supertest.Response> {
  const sent = await supertest(app).post('/api/auth/request-otp').send({ phone }).expect(200);
  const otp = provider.codeFor(normalizePhone(phone) ?? phone);
  return supertest(app).post('/api/auth/verify-otp').send({ phone, otp, attemptId: sent.body.attemptId, ...extra }).expect(200);
}
