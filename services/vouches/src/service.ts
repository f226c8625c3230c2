import type { ServiceDefinition } from '@vouch/service-core';
import { migrations } from './data-access/migrations';
import { registerVouchesOpenApi } from './entry-points/api/vouches.openapi';
import { vouchesRouter } from './entry-points/api/vouches.router';

/** Vouches: create, answer, list; the activity feed; profiles and stats later. */
const service: ServiceDefinition = {
  name: 'vouches',
  prefixes: ['/api/vouches', '/api/profile', '/api/activities'],
  migrations,
  router: (ctx) => vouchesRouter(ctx),
  openapi: registerVouchesOpenApi,
};

export default service;
