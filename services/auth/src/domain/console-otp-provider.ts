import type { Database, Logger } from '@vouch/service-core';
import { countOtpAttempt, consumeOtpCode, findOpenOtpCode, replaceOtpCode } from '../data-access/otp-code.repository';
import type { Clock } from './clock';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS, generateOtpCode, hashOtpCode, otpCodeMatches, type OtpCheckResult, type OtpProvider, type OtpSendResult } from './otp';
import { maskPhone } from './phone';

export interface OutboxMessage {
  to: string;
  body: string;
  /** The sign-in code it carries; null for other texts (an introduction's ask). */
  code: string | null;
  sentAt: string;
}

/** The last messages the console provider "sent", newest first, for the dev outbox (never in production). */
export class SmsOutbox {
  private readonly messages: OutboxMessage[] = [];
  constructor(private readonly capacity = 500) {}

  add(message: OutboxMessage): void {
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
  }

  list(phone?: string): OutboxMessage[] {
    return phone ? this.messages.filter((m) => m.to === phone) : [...this.messages];
  }
}

export function smsBody(code: string): string {
  return `Your Vouch verification code is ${code}. It expires in 10 minutes.`;
}

/**
 * Development provider: codes live in otp_codes as an HMAC only; single use, 10-minute expiry,
 * dead after 5 wrong tries. The "SMS" is a log line (phone masked) and, outside production,
 * an entry in the dev outbox.
 */
export class ConsoleOtpProvider implements OtpProvider {
  readonly name = 'console' as const;

  constructor(
    private readonly deps: { db: Database; logger: Pick<Logger, 'info'>; clock: Clock; secret: string; outbox: SmsOutbox | null },
  ) {}

  async send(phone: string): Promise<OtpSendResult> {
    const { db, clock, secret, logger, outbox } = this.deps;
    const now = clock();
    const code = generateOtpCode();
    await db.transaction((t) =>
      replaceOtpCode(db, { phone, codeHash: hashOtpCode(secret, phone, code), expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000), now }, t),
    );
    // The code is the point of this line (no SMS is sent); the phone stays masked.
    logger.info(`[console sms] to ${maskPhone(phone)}: ${smsBody(code)}`);
    outbox?.add({ to: phone, body: smsBody(code), code, sentAt: now.toISOString() });
    return { status: 'sent' };
  }

  async check(phone: string, code: string): Promise<OtpCheckResult> {
    const { db, clock, secret } = this.deps;
    const now = clock();
    const open = await findOpenOtpCode(db, phone);
    if (!open) return { status: 'missing' };
    if (open.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
    const counted = await db.transaction((t) => countOtpAttempt(db, open.id, OTP_MAX_WRONG_TRIES, t));
    if (!counted) return { status: 'exhausted' };
    if (!otpCodeMatches(secret, phone, code, open.codeHash)) {
      const triesLeft = Math.max(0, OTP_MAX_WRONG_TRIES - (open.attempts + 1));
      return triesLeft === 0 ? { status: 'exhausted' } : { status: 'incorrect', triesLeft };
    }
    const consumed = await db.transaction((t) => consumeOtpCode(db, open.id, now, t));
    return consumed ? { status: 'approved' } : { status: 'missing' };
  }
}
