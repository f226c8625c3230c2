import type { ServiceDefinition } from '@vouch/service-core';
import { migrations } from './data-access/migrations';
import { registerVouchesOpenApi } from './entry-points/api/vouches.openapi';
import { registerVouchAsksOpenApi } from './entry-points/api/vouch-asks.openapi';
import { vouchesRouter } from './entry-points/api/vouches.router';

/** Vouches: create, answer, list; the activity feed; profiles and stats later. */
const service: ServiceDefinition = {
  name: 'vouches',
  prefixes: ['/api/vouches', '/api/profile', '/api/activities', '/api/vouch-asks'],
  migrations,
  router: (ctx) => vouchesRouter(ctx),
  openapi: (registry) => {
    registerVouchesOpenApi(registry);
    registerVouchAsksOpenApi(registry);
  },
};

export default service;
