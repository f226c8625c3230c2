import { Router } from 'express';
import { z } from 'zod';
import { currentAuth, parse, requireMember, type ServiceDefinition } from '@vouch/service-core';

/** A tiny service for gateway tests: echoes the body and who the gateway says is calling. */
export const echoService: ServiceDefinition = {
  name: 'introductions',
  prefixes: ['/api/echo'],
  migrations: [],
  router() {
    const router = Router();
    router.post('/api/echo', (req, res) => {
      const body = parse(z.object({ message: z.string().max(2_000_000) }), req.body);
      res.status(201).json({ body, auth: currentAuth(req), requestId: req.requestId });
    });
    router.get('/api/echo/whoami', (req, res) => {
      res.json({ auth: currentAuth(req) });
    });
    router.post('/api/echo/address', (req, res) => {
      res.json({ ip: req.ip });
    });
    router.get('/api/echo/member', (req, res) => {
      res.json({ memberId: requireMember(req).memberId });
    });
    return router;
  },
  openapi(registry) {
    registry.registerPath({
      method: 'post',
      path: '/api/echo',
      request: { body: { content: { 'application/json': { schema: z.object({ message: z.string() }) } } } },
      responses: { 201: { description: 'Echoed' } },
    });
  },
};
