import type { ServiceDefinition } from '@vouch/service-core';
import { notificationsConfigProblems } from './config';
import { migrations } from './data-access/migrations';
import { notificationsRouter } from './entry-points/api/notifications.router';
import { registerNotificationsOpenApi } from './entry-points/api/notifications.openapi';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  prefixes: ['/api/devices', '/api/notification-settings', '/api/notification-preferences', '/api/activities', '/api/webhooks/twilio'],
  migrations,
  router: notificationsRouter,
  openapi: registerNotificationsOpenApi,
  checkConfig: notificationsConfigProblems,
};
