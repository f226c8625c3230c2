import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse as json, problemResponse as problem, PUBLIC, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { deviceSchema, notificationSettingsPatch, notificationSettingsSchema, NOTIFICATION_KINDS, pushConfigAnswer, registerDeviceBody } from '@vouch/contracts';

const signedIn = { 401: unauthorizedResponse('Not signed in') };
const tags = ['notifications'];

export function registerNotificationsOpenApi(registry: OpenApiRegistry): void {
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
      'Registers this device for push notifications. ios/android: token is the FCM registration token; web: the PushSubscription ({ endpoint, keys: { p256dh, auth } }). Registering a token again updates that device (200; it moves to the signed-in member); a new one is 201. The worker delivers notifications of what the activity bell shows (see GET /api/notification-settings); a token the push service calls invalid is removed.',
    request: { body: jsonRequestBody(registerDeviceBody, { platform: 'android', token: 'fcm-registration-token-from-the-app', appVersion: '2.4.1 (311)' }) },
    responses: {
      200: json(deviceSchema, 'The token was registered already: that device, updated'),
      201: json(deviceSchema, 'Registered'),
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
    summary: `Which kinds of push notification the member gets (${NOTIFICATION_KINDS.join(', ')}); every kind is on until turned off`,
    responses: { 200: json(notificationSettingsSchema, 'Settings'), ...signedIn },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/notification-settings',
    operationId: 'updateNotificationSettings',
    tags,
    security: SIGNED_IN,
    summary: 'Turns kinds on (true) or off (false); kinds not named stay as they are. Answers every kind after the change.',
    request: { body: jsonRequestBody(notificationSettingsPatch, { vouch_received: false }) },
    responses: { 200: json(notificationSettingsSchema, 'Settings after the change'), 400: problem('No kind named, an unknown kind, or a value other than true or false'), ...signedIn, ...BODY_PROBLEMS },
  });
}
