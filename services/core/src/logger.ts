import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/** Secrets and personal data never reach the logs, wherever they sit in a logged object. */
const SENSITIVE = ['phone', 'otp', 'code', 'token', 'cookie', 'authorization', 'password', 'secret', 'clientSecret'];

export const REDACTED_PATHS = [
  ...SENSITIVE,
  ...SENSITIVE.map((key) => `*.${key}`),
  ...SENSITIVE.map((key) => `*.*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-vouch-auth"]',
  'req.headers["x-vouch-auth-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

export interface CreateLoggerOptions {
  /** Default: `LOG_LEVEL`, else 'silent' under jest (NODE_ENV=test), else 'info'. */
  level?: string;
  name?: string;
  /** Where lines go (default stdout). Tests pass a stream to read them. */
  destination?: DestinationStream;
  env?: NodeJS.ProcessEnv;
}

/** A pino logger that redacts phone, otp, code, token, cookie and authorization values. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const level = options.level ?? env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  const config: LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: options.name ? { name: options.name } : undefined,
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

/** '+15551234567' → '+1•••••••4567': enough to recognise one's own number, nothing more. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const last4 = digits.slice(-4);
  if (digits.length <= 4) return '•'.repeat(Math.max(digits.length, 4));
  const prefix = phone.trim().startsWith('+1') ? '+1' : phone.trim().startsWith('+') ? '+' : '';
  return `${prefix}•••••••${last4}`;
}
