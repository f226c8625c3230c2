/**
 * Push notifications on the wire (issue 29): the devices a member registers, the kinds of
 * notification (what the activity bell shows that another member did), and the member's
 * per-kind settings. The notifications service owns them; the worker delivers.
 */
import { z } from 'zod';
import { isoDateTime } from './wire';

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/**
 * What a member can be told by push: someone else's step they would see in the bell.
 * vouch_received: a member vouched for you (or invited you); vouch_accepted: your vouch was
 * accepted; introduction_asked: you are asked to agree to an introduction; introduction_agreed /
 * introduction_declined: the person you asked for (or suggested) answered; suggestion_received:
 * someone suggested a person for your request; suggestion_accepted: the requester accepted your
 * suggestion; vouch_asked: a member asked you for a vouch. Add to the end; never rename one (settings are stored by name).
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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An FCM registration token is about 160 characters; this bounds a stored row, not a real token. */
export const DEVICE_TOKEN_MAX_LENGTH = 4096;
export const APP_VERSION_MAX_LENGTH = 50;

/** A browser's PushSubscription as `subscription.toJSON()` gives it (expirationTime ignored). */
export const webPushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2048)
      .refine((value) => /^https:\/\/[^\s]+$/.test(value), 'Endpoint must be the https URL of the browser push service.'),
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

/** GET /api/notification-settings: every kind, on (true) or off. A new member has every kind on. */
export const notificationSettingsSchema = z.object(kindFlags).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /api/notification-settings: the kinds to change; the others stay as they are. */
export const notificationSettingsPatch = z
  .object(kindFlags)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, `Name at least one kind to change: ${NOTIFICATION_KINDS.join(', ')}.`)
  .meta({ id: 'NotificationSettingsPatch' });
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatch>;

/** What one notification says: the bell's sentence, and the app path it opens. */
export interface PushMessage {
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path (/dashboard, /introduction-requests …): the web opens it, the apps map it to a screen. */
  link: string;
}

/** GET /api/devices/push-config: what this server delivers to, and the key a browser subscribes with. */
export const pushConfigAnswer = z
  .object({
    platforms: z.array(z.enum(DEVICE_PLATFORMS)).describe('Platforms this server delivers to; empty when push is off (POST /api/devices then answers 503 PUSH_NOT_CONFIGURED)'),
    webPushPublicKey: z.string().nullable().describe('The VAPID public key (base64url) for pushManager.subscribe({ applicationServerKey }); null without Web Push'),
  })
  .meta({ id: 'PushConfig' });
export type PushConfigAnswer = z.infer<typeof pushConfigAnswer>;
