import twilio from 'twilio';
import type { OtpProvider, OtpSendResult } from './otp';
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
const TOO_MANY_REQUESTS = 20429;
const INVALID_PARAMETER = 60200;
/** The service lacks a feature: here, custom verification codes are not enabled on it. */
const FEATURE_NOT_ENABLED = 60204;
const INVALID_TO_NUMBERS = [21211, 21614, 60205];

function restError(error: unknown): { status?: number; code?: number } {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; code?: unknown };
    return { status: typeof e.status === 'number' ? e.status : undefined, code: typeof e.code === 'number' ? e.code : undefined };
  }
  return {};
}

/**
 * Twilio Verify v2 with custom verification codes: the server makes each code (one per sign-in
 * attempt, sign-in-codes.ts) and Verify texts it (its templates, geo permissions and fraud guard
 * still apply), then hears that it was used. The Verify service must have "Custom Verification
 * Code" enabled (Console → Verify → Services → General); without it Verify refuses every send.
 * Verify keeps one pending verification per phone, which a stranger's request would share, so it
 * never checks codes here: each attempt's code stays its own.
 */
export class TwilioOtpProvider implements OtpProvider {
  readonly name = 'twilio' as const;
  private readonly client: TwilioClient;

  constructor(private readonly options: TwilioVerifyOptions) {
    this.client = twilio(options.accountSid, options.authToken, options.httpClient ? { httpClient: options.httpClient } : { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  }

  private get service() {
    return this.client.verify.v2.services(this.options.verifyServiceSid);
  }

  async send(phone: string, code: string): Promise<OtpSendResult> {
    try {
      const verification = await this.service.verifications.create({ to: phone, channel: 'sms', customCode: code });
      return { status: 'sent', reference: verification.sid };
    } catch (error) {
      const { status, code: errorCode } = restError(error);
      if (errorCode === MAX_SEND_ATTEMPTS || errorCode === MAX_CHECK_ATTEMPTS || errorCode === TOO_MANY_REQUESTS || status === 429) {
        return { status: 'rate_limited', retryAfterSeconds: 600 };
      }
      if (errorCode === INVALID_PARAMETER || (errorCode !== undefined && INVALID_TO_NUMBERS.includes(errorCode))) return { status: 'invalid_phone' };
      if (errorCode === FEATURE_NOT_ENABLED) throw new OtpProviderError('Twilio Verify refused the code: enable "Custom Verification Code" on the Verify service (Console → Verify → Services → General)', error);
      throw new OtpProviderError(`Twilio Verify send failed (status ${status ?? '?'}, code ${errorCode ?? '?'})`, error);
    }
  }

  /** Verify's feedback for a custom code: the verification was approved (its conversion figures and routing depend on it). */
  async confirm(_phone: string, reference: string): Promise<void> {
    try {
      await this.service.verifications(reference).update({ status: 'approved' });
    } catch (error) {
      const { status, code } = restError(error);
      throw new OtpProviderError(`Twilio Verify feedback failed (status ${status ?? '?'}, code ${code ?? '?'})`, error);
    }
  }
}
