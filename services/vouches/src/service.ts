import { Router } from 'express';
import type { ServiceContext, ServiceDefinition } from '@vouch/service-core';

/** Vouches: create, answer, list; profiles, activities and stats. */
const service: ServiceDefinition = {
  name: 'vouches',
  prefixes: ['/api/vouches', '/api/profile', '/api/activities'],
  migrations: [],
  // Skeleton: routes land with this service's feature issue (entry-points/api/*.route.ts).
  router(_ctx: ServiceContext) {
    return Router();
  },
};

export default service;
