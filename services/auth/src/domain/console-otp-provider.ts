import { addDevSms, listDevSms, type Database, type DevSmsMessage, type Logger } from '@vouch/service-core';
import type { Clock } from './clock';
import type { OtpProvider, OtpSendResult } from './otp';
import { maskPhone } from './phone';

/**
 * The texts the console provider "sent", for the dev outbox (never in production): a table of
 * services/core, which the notification texts the worker sends in development join.
 */
export class SmsOutbox {
  constructor(private readonly db: Database) {}

  add(message: DevSmsMessage): Promise<void> {
    return addDevSms(this.db, message);
  }

  list(phone?: string): Promise<DevSmsMessage[]> {
    return listDevSms(this.db, phone);
  }
}

export function smsBody(code: string): string {
  return `Your Vouch verification code is ${code}. It expires in 10 minutes.`;
}

/**
 * Development provider: the "SMS" is a log line (phone masked) and, outside production, an entry
 * in the dev outbox. The codes themselves are kept by sign-in-codes.ts, as with Twilio.
 */
export class ConsoleOtpProvider implements OtpProvider {
  readonly name = 'console' as const;

  constructor(private readonly deps: { logger: Pick<Logger, 'info'>; clock: Clock; outbox: SmsOutbox | null }) {}

  async send(phone: string, code: string): Promise<OtpSendResult> {
    const { clock, logger, outbox } = this.deps;
    // The code is the point of this line (no SMS is sent); the phone stays masked.
    logger.info(`[console sms] to ${maskPhone(phone)}: ${smsBody(code)}`);
    await outbox?.add({ to: phone, body: smsBody(code), code, sentAt: clock().toISOString() });
    return { status: 'sent' };
  }
}
