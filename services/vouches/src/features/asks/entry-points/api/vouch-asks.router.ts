import { Router } from 'express';
import { idPath, memberRead, parse, parsePage, requireMember, routeId, sendPage } from '@vouch/service-core';
import { vouchAskListQuery } from '@vouch/contracts';
import { askBlocksOf, askForVouch, declineVouchAsk, unblockAsksFrom, vouchAskOf, vouchAsksOf } from '../../domain/vouch-asks.use-case';
import type { VouchesDeps } from '../../../../domain/vouches-deps';

/** /api/vouch-asks: ask a member for a vouch, list my asks (made of me, made by me), open one, decline one (and block), my blocks. */
export function vouchAsksRouter(deps: VouchesDeps): Router {
  const router = Router();

  router.post('/api/vouch-asks', async (req, res) => {
    const member = requireMember(req);
    res.status(201).json(await askForVouch(deps, member, req.body));
  });

  router.get('/api/vouch-asks', async (req, res) => {
    const member = requireMember(req);
    const page = parsePage(req.query);
    const { box, memberId } = parse(vouchAskListQuery, { box: req.query.box, memberId: req.query.memberId });
    sendPage(req, memberRead(res), await vouchAsksOf(deps.db, member, box, memberId ?? null, page), page, (ask) => ({ at: ask.createdAt, id: ask.id }));
  });

  router.get('/api/vouch-asks/blocks', async (req, res) => {
    const member = requireMember(req);
    memberRead(res).json(await askBlocksOf(deps.db, member));
  });

  router.delete('/api/vouch-asks/blocks/:memberId', async (req, res) => {
    const member = requireMember(req);
    await unblockAsksFrom(deps.db, member, routeId(req.params.memberId));
    res.status(204).end();
  });

  // One ask, to its two members (a notification opens it). Digits only: /blocks stays itself.
  router.get(idPath('/api/vouch-asks'), async (req, res) => {
    const member = requireMember(req);
    memberRead(res).json(await vouchAskOf(deps.db, member, routeId(req.params[0])));
  });

  router.post('/api/vouch-asks/:id/decline', async (req, res) => {
    const member = requireMember(req);
    res.json(await declineVouchAsk(deps, member, routeId(req.params.id), req.body));
  });

  return router;
}
