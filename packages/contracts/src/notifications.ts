/**
 * Push notifications on the wire (issue 29): the devices a member registers, the kinds of
 * notification (what the activity bell shows that another member did), and the member's
 * per-kind settings. The notifications service owns them; the worker delivers.
 */
import { z } from 'zod';
import { isoDateTime } from './wire';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationObjectType } from './notifications.rules';

export * from './notifications.rules';

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** An FCM registration token is about 160 characters; this bounds a stored row, not a real token. */
export const DEVICE_TOKEN_MAX_LENGTH = 4096;
export const APP_VERSION_MAX_LENGTH = 50;

/** An absolute https URL that parses (the worker POSTs to it; a malformed one is a 400, never a 500). */
function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

/** A browser's PushSubscription as `subscription.toJSON()` gives it (expirationTime ignored). */
export const webPushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2048)
      .refine(isHttpsUrl, 'Endpoint must be the https URL of the browser push service.'),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Keys p256dh must be the browser subscription\'s public key (base64url).'),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'Keys auth must be the browser subscription\'s auth secret (base64url).'),
    }),
  })
  .meta({ id: 'WebPushSubscription' });
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/** POST /api/devices. */
export const registerDeviceBody = z
  .object({
    platform: z.enum(DEVICE_PLATFORMS),
    token: z
      .union([z.string().trim().min(1).max(DEVICE_TOKEN_MAX_LENGTH), webPushSubscriptionSchema])
      .describe('ios and android: the FCM registration token (text); web: the PushSubscription object { endpoint, keys: { p256dh, auth } }'),
    appVersion: z.string().trim().min(1).max(APP_VERSION_MAX_LENGTH).describe('The app build sending this, e.g. "2.4.1 (311)"'),
  })
  .superRefine((body, ctx) => {
    const isText = typeof body.token === 'string';
    if (body.platform === 'web' && isText) ctx.addIssue({ code: 'custom', path: ['token'], message: 'Token must be the browser PushSubscription object { endpoint, keys: { p256dh, auth } } for platform web.' });
    if (body.platform !== 'web' && !isText) ctx.addIssue({ code: 'custom', path: ['token'], message: `Token must be the FCM registration token (text) for platform ${body.platform}.` });
  })
  .meta({ id: 'RegisterDeviceInput' });
export type RegisterDeviceInput = z.infer<typeof registerDeviceBody>;

/** A registered device as its owner sees it (the token itself is never echoed). */
export const deviceSchema = z
  .object({
    id: z.number().int(),
    platform: z.enum(DEVICE_PLATFORMS),
    appVersion: z.string(),
    createdAt: isoDateTime(),
    updatedAt: isoDateTime().describe('The last registration of this token'),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

const kindFlags = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>;

/** GET /api/notification-settings (issue 29, push only; GET /api/notification-preferences has every channel): every kind's push, on (true) or off. */
export const notificationSettingsSchema = z.object(kindFlags).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /api/notification-settings: the kinds whose push to change; the others stay as they are. */
export const notificationSettingsPatch = z
  .object(kindFlags)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, `Name at least one kind to change: ${NOTIFICATION_KINDS.join(', ')}.`)
  .meta({ id: 'NotificationSettingsPatch' });
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatch>;

/** One notification as the worker delivers it by push: the bell's sentence, and the object it opens. */
export interface PushMessage {
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path (`/vouch/…`, `/introduction-requests?tab=introductions&introduction=7`): the web opens it, the apps map it to a screen. */
  link: string;
  /** The same path on the site (PUBLIC_URL): a universal / app link the apps' associated domains open. */
  url: string;
  /** What it is about (null only for a notification queued before issue 40). */
  objectType: NotificationObjectType | null;
  objectId: number | null;
  /** The bell's activity id (POST /api/activities/seen { throughId } marks it seen); null as objectType. */
  activityId: number | null;
  /** The member's unread count when sent: the app icon's badge. */
  badge: number;
  /** One per object (`vouch-12`): a newer notification of the same object replaces the older on the device. */
  collapseId: string;
}

/** Each kind, each channel: on or off (GET /api/notification-preferences). */
const channelFlags = z.object({ text: z.boolean(), push: z.boolean() });
export const notificationPreferencesSchema = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelFlags])) as Record<NotificationKind, typeof channelFlags>)
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH /api/notification-preferences: the kinds and channels to change; the others stay as they are. */
const channelPatch = z.object({ text: z.boolean().optional(), push: z.boolean().optional() }).strict();
export const notificationPreferencesPatch = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelPatch])) as Record<NotificationKind, typeof channelPatch>)
  .partial()
  .strict()
  .refine((patch) => Object.values(patch).some((channels) => channels && Object.keys(channels).length > 0), `Name at least one kind and channel to change, e.g. { "vouch_asked": { "text": false } }. Kinds: ${NOTIFICATION_KINDS.join(', ')}.`)
  .meta({ id: 'NotificationPreferencesPatch' });
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatch>;

/** GET /api/devices/push-config: what this server delivers to, and the key a browser subscribes with. */
export const pushConfigAnswer = z
  .object({
    platforms: z.array(z.enum(DEVICE_PLATFORMS)).describe('Platforms this server delivers to; empty when push is off (POST /api/devices then answers 503 PUSH_NOT_CONFIGURED)'),
    webPushPublicKey: z.string().nullable().describe('The VAPID public key (base64url) for pushManager.subscribe({ applicationServerKey }); null without Web Push'),
  })
  .meta({ id: 'PushConfig' });
export type PushConfigAnswer = z.infer<typeof pushConfigAnswer>;
