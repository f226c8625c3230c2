// GET /api/activities/events: the bell's unread count as Server-Sent Events (EventSource). Each
// stream ends after STREAM_MAX_MS (the browser reconnects at once, re-checking the session: a
// session ended elsewhere stops its streams within that time) and when the server drains.
import type { Request, Response } from 'express';
import { problems } from '@vouch/service-core';
import { DEFAULT_UNREAD_WATCH_OPTIONS, type UnreadWatch, type UnreadWatchOptions } from '../../domain/unread-watch';

/** A stream lives at most this long; the browser's EventSource reconnects on its own. */
const STREAM_MAX_MS = 5 * 60_000;
/** A comment this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after a stream ended. */
const RETRY_MS = 2_000;

export function readUnreadWatchOptions(env: NodeJS.ProcessEnv): UnreadWatchOptions {
  const raw = env.NOTIFY_STREAM_POLL_MS?.trim();
  const pollMs = raw ? Number(raw) : DEFAULT_UNREAD_WATCH_OPTIONS.pollMs;
  if (!Number.isInteger(pollMs) || pollMs < 50 || pollMs > 60_000) throw new Error(`NOTIFY_STREAM_POLL_MS must be a whole number of milliseconds from 50 to 60000 (got "${raw}").`);
  return { ...DEFAULT_UNREAD_WATCH_OPTIONS, pollMs };
}

const drainingApps = new WeakSet<object>();

export function streamUnread(req: Request, res: Response, watch: UnreadWatch, memberId: number): void {
  // The server tells its app when it starts draining (services/core listen): every stream ends then.
  if (!drainingApps.has(req.app)) {
    drainingApps.add(req.app);
    req.app.once('draining', () => watch.closeAll());
  }
  if (!watch.hasRoom(memberId)) throw problems.tooManyRequests('Too many open activity streams: the bell checks every 30 seconds instead.', 60);
  // The head goes out first: a count the watch knows already is written as soon as we subscribe.
  res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  res.write(`retry: ${RETRY_MS}\n\n`);
  let ended = false;
  const send = (unread: number) => {
    if (!ended) res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
  };
  // hasRoom and subscribe run in one turn of the event loop: nothing can take the place between them.
  const unsubscribe = watch.subscribe(memberId, send)!;
  const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    stopOnClose();
    res.end();
  };
  const lifetime = setTimeout(end, STREAM_MAX_MS);
  const stopOnClose = watch.onClose(end);
  res.on('close', end);
}
