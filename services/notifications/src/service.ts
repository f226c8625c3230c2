import type { ServiceDefinition } from '@vouch/service-core';
import { pushConfigProblems } from './config';
import { migrations } from './data-access/migrations/202611270300-notifications-create-tables';
import { notificationsRouter } from './entry-points/api/notifications.router';
import { registerNotificationsOpenApi } from './entry-points/api/notifications.openapi';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  prefixes: ['/api/devices', '/api/notification-settings'],
  migrations,
  router: notificationsRouter,
  openapi: registerNotificationsOpenApi,
  checkConfig: pushConfigProblems,
};
