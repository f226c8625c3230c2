import twilio from 'twilio';
import type { OtpCheckResult, OtpProvider, OtpSendResult } from './otp';
import { OtpProviderError } from './otp';

type TwilioClient = ReturnType<typeof twilio>;
type TwilioHttpClient = NonNullable<Parameters<typeof twilio>[2]>['httpClient'];

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  /** Transport override; tests point the real SDK at a local fake Verify server with it. */
  httpClient?: TwilioHttpClient;
  /**
   * How long one call to Verify may take before the member is told the SMS service failed
   * (default 10 s; the SDK's own is 30 s). A custom `httpClient` brings its own timeout.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Verify error codes we answer specifically (https://www.twilio.com/docs/api/errors). */
const MAX_CHECK_ATTEMPTS = 60202;
const MAX_SEND_ATTEMPTS = 60203;
const NOT_FOUND = 20404;
const TOO_MANY_REQUESTS = 20429;
const INVALID_PARAMETER = 60200;
const INVALID_TO_NUMBERS = [21211, 21614, 60205];

function restError(error: unknown): { status?: number; code?: number } {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; code?: unknown };
    return { status: typeof e.status === 'number' ? e.status : undefined, code: typeof e.code === 'number' ? e.code : undefined };
  }
  return {};
}

/** Twilio Verify v2: Twilio generates, sends, stores and expires the codes. */
export class TwilioOtpProvider implements OtpProvider {
  readonly name = 'twilio' as const;
  private readonly client: TwilioClient;

  constructor(private readonly options: TwilioVerifyOptions) {
    this.client = twilio(options.accountSid, options.authToken, options.httpClient ? { httpClient: options.httpClient } : { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  }

  private get service() {
    return this.client.verify.v2.services(this.options.verifyServiceSid);
  }

  async send(phone: string): Promise<OtpSendResult> {
    try {
      await this.service.verifications.create({ to: phone, channel: 'sms' });
      return { status: 'sent' };
    } catch (error) {
      const { status, code } = restError(error);
      if (code === MAX_SEND_ATTEMPTS || code === MAX_CHECK_ATTEMPTS || code === TOO_MANY_REQUESTS || status === 429) {
        return { status: 'rate_limited', retryAfterSeconds: 600 };
      }
      if (code === INVALID_PARAMETER || (code !== undefined && INVALID_TO_NUMBERS.includes(code))) return { status: 'invalid_phone' };
      throw new OtpProviderError(`Twilio Verify send failed (status ${status ?? '?'}, code ${code ?? '?'})`, error);
    }
  }

  async check(phone: string, code: string): Promise<OtpCheckResult> {
    try {
      const check = await this.service.verificationChecks.create({ to: phone, code });
      if (check.status === 'approved') return { status: 'approved' };
      if (check.status === 'pending') return { status: 'incorrect', triesLeft: null };
      // canceled / expired / failed: the verification is over.
      return { status: 'expired' };
    } catch (error) {
      const { status, code: errorCode } = restError(error);
      if (errorCode === MAX_CHECK_ATTEMPTS) return { status: 'exhausted' };
      if (errorCode === NOT_FOUND || status === 404) return { status: 'expired' };
      if (errorCode === TOO_MANY_REQUESTS || status === 429) return { status: 'exhausted' };
      throw new OtpProviderError(`Twilio Verify check failed (status ${status ?? '?'}, code ${errorCode ?? '?'})`, error);
    }
  }
}
