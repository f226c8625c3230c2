import type { Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

export interface Listening {
  server: Server;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then runs onClose. */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** Runs after the server stopped (close the database here). */
  onClose?: () => Promise<void>;
  /** Install SIGTERM/SIGINT handlers that close and exit (default false; servers pass true). */
  handleSignals?: boolean;
  graceMs?: number;
}

/** Listens, and shuts down gracefully: no new connections, in-flight requests complete. */
export function listen(app: Express, options: ListenOptions): Promise<Listening> {
  const graceMs = options.graceMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const server = app.listen(options.port, options.host ?? '0.0.0.0', (error?: Error) => {
      if (error) {
        reject(error);
        return;
      }
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      let closing: Promise<void> | undefined;
      // Responses not yet sent when shutting down say `Connection: close`, so keep-alive clients
      // open their next request elsewhere instead of on a socket about to go away.
      const unsent = new Set<ServerResponse>();
      server.on('request', (_req, res: ServerResponse) => {
        if (closing) res.setHeader('Connection', 'close');
        unsent.add(res);
        res.on('close', () => unsent.delete(res));
      });
      const close = () =>
        (closing ??= new Promise<void>((done) => {
          for (const res of unsent) if (!res.headersSent) res.setHeader('Connection', 'close');
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          force.unref();
          server.close(() => {
            clearTimeout(force);
            done();
          });
          // Keep-alive sockets with no request in flight would hold close() open.
          server.closeIdleConnections();
        }).then(() => options.onClose?.()));
      if (options.handleSignals) {
        const onSignal = (signal: NodeJS.Signals) => {
          options.logger.info({ signal }, 'shutting down');
          close().then(
            () => process.exit(0),
            (err: unknown) => {
              options.logger.error({ err }, 'shutdown failed');
              process.exit(1);
            },
          );
        };
        process.once('SIGTERM', onSignal);
        process.once('SIGINT', onSignal);
      }
      resolve({ server, url: `http://127.0.0.1:${port}`, close });
    });
    server.once('error', reject);
  });
}
