import twilio from 'twilio';
import type { Database, Logger } from '@vouch/service-core';
import type { SmsOutbox } from './console-otp-provider';
import { maskPhone } from './phone';

/**
 * Free-text SMS to members (an introduction's ask, for example). Twilio Verify only sends its
 * own codes, so with Twilio configured this goes through Programmable Messaging, which needs a
 * sender: TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM_NUMBER. Without one the text is only
 * logged (the in-app notice still reaches the member).
 */
export interface TextMessenger {
  send(to: string, body: string): Promise<void>;
}

/** Development and tests: a log line (phone masked) and, outside production, the dev outbox. */
export function consoleTextMessenger(deps: { logger: Pick<Logger, 'info'>; outbox: SmsOutbox | null; clock: () => Date }): TextMessenger {
  return {
    async send(to, body) {
      deps.logger.info(`[console sms] to ${maskPhone(to)}: ${body}`);
      deps.outbox?.add({ to, body, code: null, sentAt: deps.clock().toISOString() });
    },
  };
}

export interface TwilioMessagingOptions {
  accountSid: string;
  authToken: string;
  sender: { messagingServiceSid: string } | { from: string };
}

export function twilioTextMessenger(options: TwilioMessagingOptions): TextMessenger {
  const client = twilio(options.accountSid, options.authToken, { timeout: 10_000 });
  return {
    async send(to, body) {
      await client.messages.create({ to, body, ...options.sender });
    },
  };
}

/** A text is at most this long (two SMS segments); a longer body is cut, ending "…". */
export const TEXT_MESSAGE_MAX_LENGTH = 320;
/** Each piece of member-typed text (a name, a request type) inside a text is at most this long. */
export const TEXT_FIELD_MAX_LENGTH = 40;

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Member-typed text as it may stand inside a text message: control and Unicode format characters
 * (line breaks, bidi overrides) and runs of spaces become one space, and it is cut to `max`
 * characters, so whoever typed it cannot write the message, make it long (each segment costs) or
 * make it look like it came from someone else.
 */
export function textField(value: string, max: number = TEXT_FIELD_MAX_LENGTH): string {
  return cut(value.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim(), max);
}

/**
 * A text from a template of ours: each `{key}` is replaced by `fields[key]` through textField.
 * The template is ours; only the fields come from members.
 */
export function fillTextTemplate(template: string, fields: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in fields ? textField(fields[key]!) : whole));
}

// One messenger per database (one per gateway app), set by the auth router that owns the
// provider configuration; other services send through sendTextMessage.
const messengers = new WeakMap<Database, { messenger: TextMessenger; logger: Pick<Logger, 'warn'> }>();

export function registerTextMessenger(db: Database, messenger: TextMessenger, logger: Pick<Logger, 'warn'>): void {
  messengers.set(db, { messenger, logger });
}

/**
 * Sends `body` to `to` (E.164), cut to TEXT_MESSAGE_MAX_LENGTH. Never throws: a text is a courtesy beside the in-app notice, so
 * a provider failure is logged and reported as false (also when the auth service is not mounted).
 */
export async function sendTextMessage(db: Database, to: string, body: string): Promise<boolean> {
  const entry = messengers.get(db);
  if (!entry) return false;
  try {
    await entry.messenger.send(to, cut(body, TEXT_MESSAGE_MAX_LENGTH));
    return true;
  } catch (error) {
    entry.logger.warn({ err: error }, `text message to ${maskPhone(to)} failed`);
    return false;
  }
}
