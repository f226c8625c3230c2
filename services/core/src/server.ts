import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
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
  /**
   * Install SIGTERM/SIGINT handlers that close and exit (default false; servers pass true). The
   * first signal starts the shutdown; later ones (a process group's signal that a supervisor
   * passes on again) are logged and change nothing. Started by a supervisor over an IPC channel
   * (scripts/start.mjs), the channel closing (the supervisor died) shuts down the same way.
   */
  handleSignals?: boolean;
  /** How long requests in flight may take once shutting down before their connections are closed (default 10 s). */
  graceMs?: number;
  /** How long onClose may take after that before the process exits with 1 anyway (default 5 s). */
  closeTimeoutMs?: number;
}

/** How long keep-alive connections without a request in flight stay open once shutting down. */
const IDLE_CONNECTIONS_GRACE_MS = 1_000;

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
          // Long-lived answers (the bell's event streams) end themselves on this, so the drain
          // does not wait its whole grace for them.
          app.emit('draining');
          for (const res of unsent) if (!res.headersSent) res.setHeader('Connection', 'close');
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          force.unref();
          // Stop accepting: the listening socket only. http's close() would also drop every
          // keep-alive connection without a request in flight at once, and a request a client
          // has just sent on one would be lost (a reset, for a client that did nothing wrong).
          net.Server.prototype.close.call(server, () => {
            clearTimeout(force);
            done();
          });
          // Those get a moment: a request arriving meanwhile is answered with Connection: close.
          // Then the ones still idle are closed (they would hold the close above open).
          setTimeout(() => server.closeIdleConnections(), Math.min(IDLE_CONNECTIONS_GRACE_MS, graceMs)).unref();
        }).then(() => options.onClose?.()));
      if (options.handleSignals) {
        const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
        const onSignal = (signal: NodeJS.Signals | 'disconnect') => {
          if (closing) {
            options.logger.info({ signal }, 'already shutting down');
            return;
          }
          options.logger.info({ signal, graceMs }, 'shutting down');
          // Bounded: a database that does not answer must not keep a stopping process alive.
          setTimeout(() => {
            options.logger.error({ ms: graceMs + closeTimeoutMs }, 'shutdown did not finish in time; exiting');
            process.exit(1);
          }, graceMs + closeTimeoutMs).unref();
          close().then(
            () => process.exit(0),
            (err: unknown) => {
              options.logger.error({ err }, 'shutdown failed');
              process.exit(1);
            },
          );
        };
        process.on('SIGTERM', onSignal);
        process.on('SIGINT', onSignal);
        if (process.channel) {
          // The supervisor's channel must not keep this process alive, and its end means the supervisor is gone.
          process.channel.unref();
          process.once('disconnect', () => onSignal('disconnect'));
        }
      }
      resolve({ server, url: `http://127.0.0.1:${port}`, close });
    });
    server.once('error', reject);
  });
}
