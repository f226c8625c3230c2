import type { ServiceDefinition } from '@vouch/service-core';
import { migrations } from './data-access/migrations';
import { registerVouchesOpenApi } from './entry-points/api/vouches.openapi';
import { registerVouchAsksOpenApi } from './entry-points/api/vouch-asks.openapi';
import { vouchesRouter } from './entry-points/api/vouches.router';
import { logProfileViewsTo } from './domain/profile-views';

/** Vouches: create, answer, list; asks for a vouch; profiles and stats. */
const service: ServiceDefinition = {
  name: 'vouches',
  prefixes: ['/api/vouches', '/api/profile', '/api/vouch-asks'],
  migrations,
  router: (ctx) => {
    // Profile views are written after their answer: a write that fails is logged where the service logs.
    logProfileViewsTo(ctx.db, ctx.logger);
    return vouchesRouter(ctx);
  },
  openapi: (registry) => {
    registerVouchesOpenApi(registry);
    registerVouchAsksOpenApi(registry);
  },
};

export default service;
