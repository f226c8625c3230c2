/**
 * What a member hears of, and through which channels (issue 40), and the app paths that open each
 * object. Web-safe: no zod here (see notifications.ts), so the shell and remotes import it freely.
 */

/**
 * What a member is told of (issue 29, issue 40): another member's step that concerns them. Each
 * reaches the bell always, and by text and push as the member chose per kind.
 * vouch_received: a member vouched for you (or invited you); vouch_accepted / vouch_declined: your
 * vouch was answered; introduction_asked: you are asked to agree to an introduction;
 * introduction_agreed / introduction_declined: the person you asked for (or suggested) answered;
 * suggestion_received: someone suggested a person for your request; suggestion_accepted: the
 * requester accepted your suggestion; vouch_asked: a member asked you for a vouch; ask_declined:
 * the member you asked declined; connector_asked: a member asks you to introduce them to someone
 * you know; introduction_forwarded: the connector forwarded your request to the member. Add to the end; never rename one (preferences are stored by name).
 */
export const NOTIFICATION_KINDS = [
  'vouch_received',
  'vouch_accepted',
  'introduction_asked',
  'introduction_agreed',
  'introduction_declined',
  'suggestion_received',
  'suggestion_accepted',
  'vouch_asked',
  'vouch_declined',
  'ask_declined',
  'connector_asked',
  'introduction_forwarded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The channels a member chooses per kind; the bell has every notification, always. */
export const NOTIFICATION_CHANNELS = ['text', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Texts cost the member attention (and us money): on by default only where the member is asked to
 * act, or where the text carries what they wait for (a phone number after an introduction). Push is
 * on for every kind until turned off.
 */
export const TEXT_ON_BY_DEFAULT: readonly NotificationKind[] = ['vouch_received', 'vouch_asked', 'introduction_asked', 'connector_asked', 'introduction_agreed', 'suggestion_accepted'];

export function channelOnByDefault(kind: NotificationKind, channel: NotificationChannel): boolean {
  return channel === 'push' || TEXT_ON_BY_DEFAULT.includes(kind);
}

/** What a notification is about: every one opens its object, and each party can GET it by id. */
export const NOTIFICATION_OBJECT_TYPES = ['vouch', 'vouch_ask', 'introduction', 'introduction_request', 'suggestion'] as const;
export type NotificationObjectType = (typeof NOTIFICATION_OBJECT_TYPES)[number];

/** The words a member reads for each kind (the settings screen). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  vouch_received: 'Someone vouches for you',
  vouch_accepted: 'Your Vouch is accepted',
  vouch_declined: 'Your Vouch is declined',
  vouch_asked: 'Someone asks you for a Vouch',
  ask_declined: 'Your ask for a Vouch is declined',
  introduction_asked: 'You are asked to agree to an introduction',
  introduction_agreed: 'An introduction is agreed',
  introduction_declined: 'An introduction is declined',
  suggestion_received: 'Someone suggests a person for your request',
  suggestion_accepted: 'Your suggestion is accepted',
  connector_asked: 'Someone asks you to introduce them',
  introduction_forwarded: 'Your introduction request is forwarded',
};

/**
 * The app path each object opens, for each party: the bell, the push's `link` and the text's
 * https link all use these, and the pages read their parameters (`tab` and the object's id).
 */
export const notificationLinks = {
  /** The recipient's own vouch: its page, where they accept or decline. */
  vouchForRecipient: (vouchToken: string) => `/vouch/${encodeURIComponent(vouchToken)}`,
  /** A vouch the member sent, in My Vouches → Sent. */
  sentVouch: (vouchId: number) => `/my-vouches?tab=sent&vouch=${vouchId}`,
  /** An ask made of the member: Create Vouch prefilled for the asker, with the ask to decline. */
  askReceived: (askerId: number, askId: number) => `/my-vouches?vouchFor=${askerId}&ask=${askId}`,
  /** An ask the member made, in My Vouches → Asks. */
  askSent: (askId: number) => `/my-vouches?tab=asks&ask=${askId}`,
  /** An introduction the member takes part in (requester, target or connector). */
  introduction: (introductionId: number) => `/introduction-requests?tab=introductions&introduction=${introductionId}`,
  /** The member's own request, its suggestions open. */
  requestSuggestions: (requestId: number) => `/introduction-requests?tab=mine&request=${requestId}`,
  /** A request addressed to a member, to its connector: Introductions, the ask to forward or decline. */
  connectorAsk: (requestId: number) => `/introduction-requests?tab=introductions&ask=${requestId}`,
} as const;

/** The object id a page's `?<name>=` names, or null (missing or not a whole number). */
export function readObjectParam(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
