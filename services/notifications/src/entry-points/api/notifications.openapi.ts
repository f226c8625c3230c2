import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse as json, pagedResponse, problemResponse as problem, PUBLIC, SIGNED_IN, SYNC_PROBLEMS, syncPageQuery, syncQuery, syncResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  activityKindQuery,
  activitySchema,
  activityListSchema,
  activityUnreadSchema,
  deviceSchema,
  markActivitiesSeenBody,
  notificationPreferencesPatch,
  notificationPreferencesSchema,
  notificationSettingsPatch,
  notificationSettingsSchema,
  NOTIFICATION_KINDS,
  pushConfigAnswer,
  registerDeviceBody,
  TEXT_ON_BY_DEFAULT,
} from '@vouch/contracts';
import { MAX_DEVICES_PER_MEMBER } from '../../domain/devices.use-case';

const signedIn = { 401: unauthorizedResponse('Not signed in') };
const tags = ['notifications'];

/** The bell's activities: the list and its sync, one, the unread count, the live events, marking them seen. */
function registerActivityPaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/activities',
    operationId: 'listActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'My activities (the bell), newest first (20 per page unless limit says otherwise), of one kind when `kind` is given',
    description: 'Each item carries `link`, the app path that opens its object on the right tab, and `objectType` / `objectId` (GET the object by id). With updated_since (for the web; best effort, apps use /activities/sync): the activities written at or after it, oldest first.',
    request: { query: syncPageQuery({ defaultLimit: 20, maxLimit: 100 }).extend(activityKindQuery.shape) },
    responses: { 200: pagedResponse(activityListSchema, 'Activities'), 400: problem('limit out of range, a cursor this list did not give out, a bad updated_since, or an unknown kind'), ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities/sync',
    operationId: 'syncActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'Sync my copy of my activity feed',
    description:
      'Without sync_token: every activity, oldest first, in pages (follow hasMore); then pass the last nextSyncToken to get what changed since, in the order it was committed: a new activity, one marked seen (unread turned false, on any device), one whose member deleted their account (aboutMemberId turned null). Nothing committed is ever skipped; an item may come twice (replace by id). 410 SYNC_TOKEN_EXPIRED after SYNC_TOKEN_DAYS (30) unused: sync again without a token.',
    request: { query: syncQuery({ defaultLimit: 20, maxLimit: 100 }) },
    responses: { 200: syncResponse(activitySchema, 'ActivityChanges', 'activity'), ...SYNC_PROBLEMS, ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities/{id}',
    operationId: 'getActivity',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'One of my activities (a push carries its activityId)',
    request: { params: z.object({ id: z.number().int().describe('The activity id') }) },
    responses: { 200: json(activitySchema, 'The activity'), ...signedIn, 404: problem('Activity not found (unknown id, or not yours)') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities/unread',
    operationId: 'countUnreadActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: "How many of my activities others did since I last marked the feed seen (the bell's badge; a push's badge is the same count)",
    responses: { 200: json(activityUnreadSchema, 'The unread count'), ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activities/events',
    operationId: 'streamUnreadActivities',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'The bell\'s unread count as Server-Sent Events (EventSource): `event: unread` with `{ "unread": n }` at once and whenever it changes (something new, or the feed seen on another device)',
    description: 'A stream ends after five minutes and when the server restarts; EventSource reconnects on its own (the stream says `retry: 2000`). A member keeps at most five open (429 beyond: poll GET /api/activities/unread instead). Apps get push notifications instead.',
    responses: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().meta({ example: 'retry: 2000\n\nevent: unread\ndata: {"unread":2}\n\n' }) } } },
      ...signedIn,
      429: problem('Too many open streams of this member'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/activities/seen',
    operationId: 'markActivitiesSeen',
    tags: ['activities'],
    security: SIGNED_IN,
    summary: 'Mark my feed seen through an activity (default: the newest); kept server-side, so every device agrees',
    request: { body: jsonRequestBody(markActivitiesSeenBody, { throughId: 42 }, false) },
    responses: { 200: json(activityUnreadSchema, 'What is still unread'), ...BODY_PROBLEMS, ...signedIn },
  });
}

/** What reaches the member and where: notification preferences, push devices, text settings. */
function registerPreferenceAndDevicePaths(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/notification-preferences',
    operationId: 'getNotificationPreferences',
    tags,
    security: SIGNED_IN,
    summary: `How I hear of each kind (${NOTIFICATION_KINDS.join(', ')}): by text and by push, each on or off. The bell always has everything.`,
    description: `Until changed: push on for every kind; text on for ${TEXT_ON_BY_DEFAULT.join(', ')} (where you are asked to act, or a text carries a phone number you wait for). Replying STOP to a text turns every kind's text off.`,
    responses: { 200: json(notificationPreferencesSchema, 'Preferences'), ...signedIn },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/notification-preferences',
    operationId: 'updateNotificationPreferences',
    tags,
    security: SIGNED_IN,
    summary: 'Turns a kind\'s text or push on (true) or off (false); what is not named stays as it is. Answers every kind after the change.',
    request: { body: jsonRequestBody(notificationPreferencesPatch, { vouch_asked: { text: false } }) },
    responses: { 200: json(notificationPreferencesSchema, 'Preferences after the change'), 400: problem('Nothing named, an unknown kind or channel, or a value other than true or false'), ...signedIn, ...BODY_PROBLEMS },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/devices/push-config',
    operationId: 'getPushConfig',
    tags,
    security: PUBLIC,
    summary: 'Which platforms this server pushes to, and the VAPID public key a browser subscribes with (public)',
    responses: { 200: json(pushConfigAnswer, 'Push configuration') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/devices',
    operationId: 'listDevices',
    tags,
    security: SIGNED_IN,
    summary: "The signed-in member's registered devices, oldest first (tokens are never shown)",
    responses: { 200: json(z.array(deviceSchema), 'Devices'), ...signedIn },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/devices',
    operationId: 'registerDevice',
    tags,
    security: SIGNED_IN,
    summary:
      `Registers this device for push notifications, for this session: it gets the member's notifications until the session ends (sign-out, expiry) — register again after every sign-in. ios/android: token is the FCM registration token; web: the PushSubscription ({ endpoint, keys: { p256dh, auth } }). A token registered before (by anyone) is taken over by this session; the answer is the same either way. A member keeps their ${MAX_DEVICES_PER_MEMBER} most recently registered devices. The worker delivers what the bell shows as the member chose (GET /api/notification-preferences); a push carries data { kind, objectType, objectId, activityId, link, url, badge } and one collapse id per object; a token the push service calls invalid is removed.`,
    request: { body: jsonRequestBody(registerDeviceBody, { platform: 'android', token: 'fcm-registration-token-from-the-app', appVersion: '2.4.1 (311)' }) },
    responses: {
      201: json(deviceSchema, 'Registered for this session'),
      400: problem('Unknown platform, a token of the wrong shape for the platform, a subscription endpoint that is not on a browser push service, or no app version'),
      ...signedIn,
      ...BODY_PROBLEMS,
      503: problem('Push for this platform is off on this server (code PUSH_NOT_CONFIGURED); nothing was stored'),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/devices/{id}',
    operationId: 'unregisterDevice',
    tags,
    security: SIGNED_IN,
    summary: 'Unregisters one of your devices (sign-out on that device); what was queued for it is dropped. No body.',
    request: { params: z.object({ id: z.string().describe('The device id from POST /api/devices') }) },
    responses: { 204: { description: 'Unregistered' }, ...signedIn, 404: problem('You have no device with this id') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/notification-settings',
    operationId: 'getNotificationSettings',
    tags,
    security: SIGNED_IN,
    summary: `Which kinds of push notification the member gets (${NOTIFICATION_KINDS.join(', ')}); every kind is on until turned off. The push half of GET /api/notification-preferences, kept for the clients of issue 29.`,
    responses: { 200: json(notificationSettingsSchema, 'Settings'), ...signedIn },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/notification-settings',
    operationId: 'updateNotificationSettings',
    tags,
    security: SIGNED_IN,
    summary: "Turns kinds' push on (true) or off (false); kinds not named stay as they are. Answers every kind after the change. (PATCH /api/notification-preferences changes texts too.)",
    request: { body: jsonRequestBody(notificationSettingsPatch, { vouch_received: false }) },
    responses: { 200: json(notificationSettingsSchema, 'Settings after the change'), 400: problem('No kind named, an unknown kind, or a value other than true or false'), ...signedIn, ...BODY_PROBLEMS },
  });
}

/** Adds the notifications service's paths to the OpenAPI document, in the document's order. */
export function registerNotificationsOpenApi(registry: OpenApiRegistry): void {
  registerActivityPaths(registry);
  registerPreferenceAndDevicePaths(registry);
}
