import type { ServiceDefinition } from '@vouch/service-core';
import { billingConfigProblems } from './domain/billing/select-billing-provider';
import { migrations } from './data-access/migrations/202511220400-subscriptions-create-tables';
import { subscriptionsRouter } from './entry-points/api/subscriptions.router';
import { registerSubscriptionsOpenApi } from './entry-points/api/subscriptions.openapi';

export const subscriptionsService: ServiceDefinition = {
  name: 'subscriptions',
  prefixes: ['/api/subscriptions', '/api/usage', '/api/stripe'],
  migrations,
  router: subscriptionsRouter,
  openapi: registerSubscriptionsOpenApi,
  checkConfig: billingConfigProblems,
};
