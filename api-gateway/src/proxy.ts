import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER, problems, sendProblem, signInternalAuth, type Logger, type ServiceDefinition } from '@vouch/service-core';

function matchesPrefix(path: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Forwards a service's prefixes to its own process. Runs before any body parser so the raw
 * body streams through untouched; the identity the gateway resolved (or why a token has none)
 * travels as signed headers.
 */
export function proxyService(service: ServiceDefinition, target: string, secret: string, logger: Logger): RequestHandler {
  return createProxyMiddleware<Request, Response>({
    target,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: 30_000,
    pathFilter: (path) => matchesPrefix(path, service.prefixes),
    on: {
      proxyReq(proxyReq, req) {
        const request = req as unknown as Request;
        proxyReq.removeHeader(INTERNAL_AUTH_HEADER);
        proxyReq.removeHeader(INTERNAL_SIGNATURE_HEADER);
        for (const [name, value] of Object.entries(signInternalAuth(secret, request.auth ?? null, request.method, request.originalUrl, { refusal: request.authRefusal }))) {
          proxyReq.setHeader(name, value);
        }
        if (request.requestId) proxyReq.setHeader('X-Request-Id', request.requestId);
      },
      error(err, req, res) {
        const request = req as IncomingMessage & { requestId?: string };
        logger.error({ err, reqId: request.requestId, service: service.name, target }, 'proxied service unreachable');
        const response = res as ServerResponse;
        if (typeof response.setHeader !== 'function' || response.headersSent) {
          response.destroy?.();
          return;
        }
        sendProblem(response as Response, problems.serviceUnavailable(`The ${service.name} service is unavailable right now. Please try again shortly.`));
      },
    },
  }) as RequestHandler;
}
