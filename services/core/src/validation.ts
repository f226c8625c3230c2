import { z } from 'zod';
import { problems, type FieldError } from './problems';

type RawIssue = z.core.$ZodRawIssue;

/** "recipientPhone" → "Recipient phone"; the last named segment of the path names the field. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!named) return path.length ? 'Each item' : 'The request body';
  const words = named
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'a valid email address',
  url: 'a valid URL',
  uuid: 'a valid UUID',
  datetime: 'a valid date and time (ISO 8601)',
  date: 'a valid date (YYYY-MM-DD)',
  e164: 'a phone number in international format',
};

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function sizeRule(issue: RawIssue & { origin?: string }, bound: 'min' | 'max'): string {
  const limit = Number((issue as { minimum?: unknown; maximum?: unknown })[bound === 'min' ? 'minimum' : 'maximum']);
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  const atLeast = bound === 'min' ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  switch (issue.origin) {
    case 'string':
      if (bound === 'min' && limit === 1 && inclusive) return 'must not be empty';
      return `must be ${atLeast} ${limit} character${limit === 1 ? '' : 's'} long`;
    case 'array':
    case 'set':
      if (bound === 'min' && limit === 1 && inclusive) return 'must contain at least one item';
      return `must contain ${atLeast} ${limit} item${limit === 1 ? '' : 's'}`;
    case 'date':
      return `must be ${bound === 'min' ? 'on or after' : 'on or before'} ${String(limit)}`;
    default:
      return `must be ${atLeast} ${limit}`;
  }
}

/**
 * Readable default messages. Passed per parse, so a message the schema author wrote
 * (`z.string().min(1, 'Phone is required')`) still wins: zod 4 prefers schema-level errors.
 */
function readableMessage(issue: RawIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  const i = issue as RawIssue & Record<string, unknown>;
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && (issue.input === undefined || issue.input === null)) {
    return `${label} is required.`;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${TYPE_NAMES[String(i.expected)] ?? String(i.expected)}.`;
    case 'too_small':
      return `${label} ${sizeRule(issue as RawIssue & { origin?: string }, 'min')}.`;
    case 'too_big':
      return `${label} ${sizeRule(issue as RawIssue & { origin?: string }, 'max')}.`;
    case 'invalid_format':
      if (i.format === 'regex') return `${label} has an invalid format.`;
      return `${label} must be ${FORMAT_NAMES[String(i.format)] ?? `a valid ${String(i.format)}`}.`;
    case 'invalid_value': {
      const values = (i.values as unknown[] | undefined) ?? [];
      if (values.length === 1) return `${label} must be ${describe(values[0])}.`;
      return `${label} must be one of ${values.map(describe).join(', ')}.`;
    }
    case 'unrecognized_keys': {
      const keys = (i.keys as string[] | undefined) ?? [];
      return `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}.`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(i.divisor)}.`;
    case 'invalid_union':
      return `${label} is not valid.`;
    case 'invalid_key':
    case 'invalid_element':
      return `${label} contains an invalid entry.`;
    default:
      return undefined;
  }
}

/** Converts zod issues to the `errors` list of a 400 problem. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`,
  }));
}

/** A one-sentence summary for `detail` (the web client shows it as the toast's sentence). */
export function summarise(errors: FieldError[]): string {
  if (errors.length === 0) return 'The request is invalid.';
  // A sentence about several fields (one of three categories) is said once.
  const messages = [...new Set(errors.map((e) => e.message))];
  const shown = messages.slice(0, 3);
  const more = messages.length - shown.length;
  return more > 0 ? `${shown.join(' ')} ${more} more field${more === 1 ? ' is' : 's are'} invalid.` : shown.join(' ');
}

/**
 * Validates `value` against `schema` and returns the parsed data, or throws a 400 Problem
 * whose `errors` list every invalid field with a readable sentence.
 */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value, { error: readableMessage });
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error.issues);
  throw problems.badRequest(summarise(errors), errors);
}

/**
 * A route's numeric `:id` (a vouch, request, suggestion or introduction id): a positive integer
 * of at most 15 digits, written plainly, else null, which the caller answers as not found
 * without a query.
 */
export function routeId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * The path of one object by id under `prefix` (`GET /api/vouches/{id}`), matching digits only
 * (the id is `req.params[0]`, for routeId): beside named paths of the same prefix
 * (`/api/vouches/accept`), a GET of those stays a 405 instead of reading as an id.
 */
export function idPath(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/(\\d+)/?$`);
}
