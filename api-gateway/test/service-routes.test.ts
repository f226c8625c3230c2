// The gateway asks a service's router only for the service's own prefixes (serviceRoutes), as the
// proxy forwards only those: a route outside them would answer in neither setup. So every route
// every service declares must lie under its prefixes.
import express from 'express';
import supertest from 'supertest';
import { createLogger, openDatabase, serviceRoutes, servesPath, type Database } from '@vouch/service-core';
import { allServices } from '../src/services';

type RoutePath = string | RegExp;
type Layer = { route?: { path: RoutePath | RoutePath[] }; handle?: { stack?: Layer[] } };

function routePaths(stack: Layer[]): RoutePath[] {
  return stack.flatMap((layer) => (layer.route ? [layer.route.path].flat() : layer.handle?.stack ? routePaths(layer.handle.stack) : []));
}

/** A path the route answers: a parameter stands for one segment; a pattern's literal start, then one segment. */
function samplePath(route: RoutePath): string {
  if (typeof route === 'string') return route.replace(/:\w+/g, 'x');
  const literal = /^\^?((?:\\\/|[\w-])*)/.exec(route.source)![1]!.replace(/\\\//g, '/');
  return `${literal}${literal.endsWith('/') ? '' : '/'}x`;
}

describe('services’ routes and prefixes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase('sqlite::memory:');
  });
  afterAll(() => db.close());

  it.each(allServices.map((service) => [service.name, service] as const))('every route of %s lies under its prefixes', (_name, service) => {
    const router = service.router({ db, logger: createLogger({ env: { LOG_LEVEL: 'silent' } }), env: { NODE_ENV: 'development' } });
    const paths = routePaths(router.stack as unknown as Layer[]);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((route) => !servesPath(service, samplePath(route)))).toEqual([]);
  });

  it('a path is a prefix or under it, never a longer word that starts the same', () => {
    const service = { prefixes: ['/api/user', '/api/auth'] };
    expect(['/api/user', '/api/user/', '/api/user/profile', '/api/auth/request-otp'].every((p) => servesPath(service, p))).toBe(true);
    expect(['/api/users', '/api/userx/profile', '/api', '/api/vouches/my'].some((p) => servesPath(service, p))).toBe(false);
  });

  it('the router is not asked for another service’s path, and answers its own', async () => {
    const asked: string[] = [];
    const router = express.Router();
    router.use((req, _res, next) => {
      asked.push(req.path);
      next();
    });
    router.get('/api/user/profile', (_req, res) => void res.json({ ok: true }));
    const app = express();
    app.use(serviceRoutes({ prefixes: ['/api/user'] }, router));
    app.use((_req, res) => void res.status(404).end());
    await supertest(app).get('/api/user/profile').expect(200, { ok: true });
    await supertest(app).get('/api/vouches/my').expect(404);
    expect(asked).toEqual(['/api/user/profile']);
  });
});
