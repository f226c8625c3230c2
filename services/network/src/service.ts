import { Router } from 'express';
import type { ServiceContext, ServiceDefinition } from '@vouch/service-core';

/** Network: the member graph (1°/2°), its stats and the onboarding map. */
const service: ServiceDefinition = {
  name: 'network',
  prefixes: ['/api/network', '/api/onboarding'],
  migrations: [],
  // Skeleton: routes land with this service's feature issue (entry-points/api/*.route.ts).
  router(_ctx: ServiceContext) {
    return Router();
  },
};

export default service;
