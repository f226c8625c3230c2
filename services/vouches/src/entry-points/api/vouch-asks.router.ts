import { Router } from 'express';
import { memberRead, parse, parsePage, requireMember, routeId, sendPage } from '@vouch/service-core';
import { vouchAskListQuery } from '@vouch/contracts';
import { askForVouch, declineVouchAsk, vouchAsksOf } from '../../domain/vouch-asks.use-case';
import type { VouchesDeps } from '../../domain/vouches-deps';

/** /api/vouch-asks: ask a member for a vouch, list my asks (made of me, made by me), decline one. */
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

  router.post('/api/vouch-asks/:id/decline', async (req, res) => {
    const member = requireMember(req);
    res.json(await declineVouchAsk(deps, member, routeId(req.params.id)));
  });

  return router;
}
