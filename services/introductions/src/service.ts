import { Router } from 'express';
import type { ServiceContext, ServiceDefinition } from '@vouch/service-core';

/** Introductions: requests, suggestions and matching. */
const service: ServiceDefinition = {
  name: 'introductions',
  prefixes: ['/api/introduction-requests', '/api/introduction-suggestions'],
  migrations: [],
  // Skeleton: routes land with this service's feature issue (entry-points/api/*.route.ts).
  router(_ctx: ServiceContext) {
    return Router();
  },
};

export default service;
