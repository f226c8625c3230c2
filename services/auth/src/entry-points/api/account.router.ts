import { Router } from 'express';
import { requireMember, type ServiceContext } from '@vouch/service-core';
import { deleteAccount, exportAccount, type AccountDeps } from '../../domain/account.use-case';
import type { Clock } from '../../domain/clock';
import type { MemberDataPart } from '../../domain/member-data';
import { clearSessionCookie } from './cookies';

/** GET /api/account/export and DELETE /api/account: the member's data rights (issue 10). */
export function accountRouter(ctx: ServiceContext, parts: readonly MemberDataPart[] | undefined, clock: Clock, production: boolean): Router {
  const deps: AccountDeps = { db: ctx.db, env: ctx.env, parts, clock };
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
    const { memberId } = requireMember(req);
    await deleteAccount(deps, memberId);
    clearSessionCookie(res, production);
    res.status(204).end();
  });

  return router;
}
