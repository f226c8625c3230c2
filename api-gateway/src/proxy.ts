import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER, JSON_LIMIT, problems, sendProblem, servesPath, signInternalAuth, type Logger, type ServiceDefinition } from '@vouch/service-core';

/** The body bytes read before forwarding (none for a request without a body). */
function forwardedBody(req: Request): Buffer | undefined {
  return Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
}

/**
 * Forwards a service's prefixes to its own process. The body is read first (as bytes, untouched,
 * within the API's 1 MB) so that the signature binds it: the identity the gateway resolved (or why
 * a token has none) and the client's address travel as signed headers, good for this method, the
 * URL the service receives (/api/v1/… is forwarded as /api/…), these bytes and one use.
 */
export function proxyService(service: ServiceDefinition, target: string, secret: string, logger: Logger): RequestHandler {
  // Content-Encoding is refused (415) rather than inflated: the service must receive the bytes signed.
  const readBody = express.raw({ type: () => true, limit: JSON_LIMIT, inflate: false });
  const proxy = createProxyMiddleware<Request, Response>({
    target,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      proxyReq(proxyReq, req) {
        const request = req as unknown as Request;
        const body = forwardedBody(request);
        proxyReq.removeHeader(INTERNAL_AUTH_HEADER);
        proxyReq.removeHeader(INTERNAL_SIGNATURE_HEADER);
        const signed = signInternalAuth(secret, request.auth ?? null, request.method, request.url, { refusal: request.authRefusal, ip: request.ip ?? null, body });
        for (const [name, value] of Object.entries(signed)) proxyReq.setHeader(name, value);
        if (request.requestId) proxyReq.setHeader('X-Request-Id', request.requestId);
        if (body) {
          // The stream was read here: send the bytes (http-proxy's pipe of the ended stream then ends the request).
          proxyReq.removeHeader('Transfer-Encoding');
          proxyReq.setHeader('Content-Length', body.length);
          proxyReq.write(body);
        }
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
  return (req, res, next) => {
    if (!servesPath(service, req.path)) {
      next();
      return;
    }
    readBody(req, res, (error?: unknown) => (error ? next(error) : proxy(req, res, next)));
  };
}
