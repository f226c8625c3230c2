import type { ServiceDefinition } from '@vouch/service-core';
import { migrations } from './data-access/migrations';
import { registerVouchesOpenApi } from './features/vouching';
import { logProfileViewsTo, registerProfilesOpenApi } from './features/profiles';
import { registerVouchAsksOpenApi } from './features/asks';
import { vouchesRouter } from './router';

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
    // Each feature registers its own paths, in the order the API document has always listed them.
    registerVouchesOpenApi(registry);
    registerProfilesOpenApi(registry);
    registerVouchAsksOpenApi(registry);
  },
};

export default service;
