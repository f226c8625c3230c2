import type { ServiceDefinition } from '@vouch/service-core';
import { migrations } from './data-access/migrations/202511240000-introductions-create-tables';
import { registerIntroductionsOpenApi } from './entry-points/api/introductions.openapi';
import { introductionsRouter } from './entry-points/api/introductions.router';

/** Introductions: requests, suggestions, offline matching and connector insights. */
const service: ServiceDefinition = {
  name: 'introductions',
  prefixes: ['/api/introduction-requests', '/api/introduction-suggestions'],
  migrations,
  router: (ctx) => introductionsRouter(ctx),
  openapi: registerIntroductionsOpenApi,
};

export default service;
