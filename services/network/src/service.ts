import type { ServiceDefinition } from '@vouch/service-core';
import { registerNetworkOpenApi } from './entry-points/api/network.openapi';
import { networkRouter } from './entry-points/api/network.router';
import { peopleRouter } from './entry-points/api/people.router';
import { Router } from 'express';

/** Network: the member graph (1°/2°), its stats, the analysis, the onboarding map and people search. It owns no tables: it reads the vouch graph through vouches' public module. */
const service: ServiceDefinition = {
  name: 'network',
  prefixes: ['/api/network', '/api/onboarding', '/api/people'],
  migrations: [],
  router: (ctx) => Router().use(peopleRouter(ctx), networkRouter(ctx)),
  openapi: registerNetworkOpenApi,
};

export default service;
