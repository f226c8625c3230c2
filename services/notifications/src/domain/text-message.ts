/**
 * What a text message (SMS) may say (issue 40). A text reaches a phone outside the app, where a
 * link looks like ours whoever wrote it, so only our own words travel in it: a template of ours,
 * the names of the people involved (never anything else a member typed: no message, reason or
 * request), phone numbers as the app shows them, and our own https link to the object.
 */
import { formatStoredPhone } from '@vouch/contracts';

/** A text is at most this long (two SMS segments); a longer one is cut, ending "…". */
export const TEXT_MESSAGE_MAX_LENGTH = 320;
/** A name inside a text is at most this long. */
export const TEXT_NAME_MAX_LENGTH = 40;
/** Said instead of a name that could read as a link. */
export const UNNAMED_MEMBER = 'A member';
/** Twilio's Advanced Opt-Out answers STOP for us; every text says how. */
export const TEXT_OPT_OUT = 'Reply STOP to opt out.';

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Anything in a name a phone could turn into a link or an address: a scheme or port (`:`), a path
 * (`/`, `\`), an `@`, or a dot between two letters or digits (`vouch-help.co`). Names the contracts'
 * rule refuses today cannot hold these; a name stored before that rule might.
 */
const LINK_LIKE = /[/\\:@]|[\p{L}\p{N}][.。．｡][\p{L}\p{N}]/u;

/**
 * A member's name as it may stand in a text: one line, no control or format characters, at most
 * TEXT_NAME_MAX_LENGTH; a name that could read as a link is not sent at all (UNNAMED_MEMBER).
 */
export function textName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  if (!line || LINK_LIKE.test(line)) return UNNAMED_MEMBER;
  return cut(line, TEXT_NAME_MAX_LENGTH);
}

/** What fills a text template: names (through textName) and E.164 phones (shown as the app shows them). */
export interface TextFields {
  names?: Readonly<Record<string, string>>;
  phones?: Readonly<Record<string, string>>;
}

/**
 * A text from a template of ours: `{key}` is replaced by the named name or phone; any other
 * `{…}` is left as written (a template bug shows, it is never filled with member text).
 */
export function fillTextTemplate(template: string, fields: TextFields): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const name = fields.names?.[key];
    if (name !== undefined) return textName(name);
    const phone = fields.phones?.[key];
    return phone !== undefined ? formatStoredPhone(phone) : whole;
  });
}

/** The whole text as sent: the message, the object's https link, and how to opt out; cut to TEXT_MESSAGE_MAX_LENGTH (the link and opt-out kept whole). */
export function textWithLink(body: string, url: string): string {
  const tail = ` ${url} ${TEXT_OPT_OUT}`;
  return `${cut(body, Math.max(20, TEXT_MESSAGE_MAX_LENGTH - [...tail].length))}${tail}`;
}
