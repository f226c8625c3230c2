import type { ServiceDefinition } from '@vouch/service-core';
import { registerNetworkOpenApi } from './entry-points/api/network.openapi';
import { networkRouter } from './entry-points/api/network.router';

/** Network: the member graph (1°/2°), its stats, the analysis and the onboarding map. It owns no tables: it reads the vouch graph through vouches' public module. */
const service: ServiceDefinition = {
  name: 'network',
  prefixes: ['/api/network', '/api/onboarding'],
  migrations: [],
  router: (ctx) => networkRouter(ctx),
  openapi: registerNetworkOpenApi,
};

export default service;
