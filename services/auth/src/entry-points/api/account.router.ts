import { Router } from 'express';
import { requireMember, type ServiceContext } from '@vouch/service-core';
import { deleteAccount, exportAccount, type AccountDeps } from '../../domain/account.use-case';
import type { Clock } from '../../domain/clock';
import type { MemberDataPart } from '../../domain/member-data';
import type { SessionsEndedListener } from '../../domain/session-end';
import { clearSessionCookie } from './cookies';

/** GET /api/account/export and DELETE /api/account: the member's data rights (issue 10); deleting needs a fresh code (issue 43). */
export function accountRouter(ctx: ServiceContext, parts: readonly MemberDataPart[] | undefined, clock: Clock, production: boolean, sessionsEnded: readonly SessionsEndedListener[]): Router {
  const deps: AccountDeps = { db: ctx.db, env: ctx.env, parts, clock, sessionsEnded };
  const router = Router();

  router.get('/api/account/export', async (req, res) => {
    const { memberId } = requireMember(req);
    const document = await exportAccount(deps, memberId);
    const day = document.exportedAt.slice(0, 10);
    res.set('Cache-Control', 'no-store');
    res.set('Content-Disposition', `attachment; filename="vouch-data-${day}.json"`);
    res.json(document);
  });

  router.delete('/api/account', async (req, res) => {
    const { memberId, sessionId } = requireMember(req);
    await deleteAccount(deps, memberId, sessionId);
    clearSessionCookie(res, production);
    res.status(204).end();
  });

  return router;
}
