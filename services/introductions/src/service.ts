import type { ServiceDefinition } from '@vouch/service-core';
import { migrations as createTables } from './data-access/migrations/202511240000-introductions-create-tables';
import { createIntroductions } from './data-access/migrations/202511290000-introductions-opt-in';
import { addressedRequests } from './data-access/migrations/202612100000-introductions-addressed';
import { registerIntroductionsOpenApi } from './entry-points/api/introductions.openapi';
import { introductionsRouter } from './entry-points/api/introductions.router';

/** Introductions: requests, suggestions, offline matching and connector insights. */
const service: ServiceDefinition = {
  name: 'introductions',
  prefixes: ['/api/introduction-requests', '/api/introduction-suggestions', '/api/introductions'],
  migrations: [...createTables, createIntroductions, addressedRequests],
  router: (ctx) => introductionsRouter(ctx),
  openapi: registerIntroductionsOpenApi,
};

export default service;
