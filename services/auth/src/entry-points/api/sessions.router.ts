import { Router } from 'express';
import { problems, requireMember } from '@vouch/service-core';
import type { Clock } from '../../domain/clock';
import type { SessionEndDeps } from '../../domain/session-end';
import { endOneSession, endOtherSessions, listSessions, SESSION_NOT_FOUND } from '../../domain/sessions.use-case';
import { clearSessionCookie } from './cookies';

/** A session id as made (a UUID); anything else is a session nobody has. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/auth/sessions: the member's sessions and devices; end one, or all the others (issue 43 item 2). */
export function sessionsRouter(deps: SessionEndDeps, clock: Clock, production: boolean): Router {
  const router = Router();

  router.get('/api/auth/sessions', async (req, res) => {
    const { memberId, sessionId } = requireMember(req);
    res.set('Cache-Control', 'no-store');
    res.json(await listSessions(deps.db, memberId, sessionId, clock()));
  });

  router.post('/api/auth/sessions/sign-out-others', async (req, res) => {
    const { memberId, sessionId } = requireMember(req);
    res.json({ ended: await endOtherSessions(deps, memberId, sessionId, clock()) });
  });

  router.delete('/api/auth/sessions/:id', async (req, res) => {
    const { memberId, sessionId } = requireMember(req);
    if (!SESSION_ID.test(req.params.id)) throw problems.notFound(SESSION_NOT_FOUND);
    const { wasCurrent } = await endOneSession(deps, memberId, sessionId, req.params.id, clock());
    // Ending the session in hand is signing out: its cookie goes too.
    if (wasCurrent) clearSessionCookie(res, production);
    res.status(204).end();
  });

  return router;
}
