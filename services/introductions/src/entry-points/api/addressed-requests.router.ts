import type { Router } from 'express';
import { memberRead, parse, requireMember, routeId, type Database } from '@vouch/service-core';
import { introductionConnectorsQuery } from '@vouch/contracts';
import { introductionConnectors } from '../../domain/addressed-request.use-case';
import { answerAsConnectorOf, requestsAskedOf } from '../../domain/connector-answer.use-case';

/**
 * Requests addressed to a member (issue 44): who can introduce me, the requests I was asked to
 * introduce someone through, and my answer. (Creating one is POST /api/introduction-requests with targetId.)
 */
export function addAddressedRequestRoutes(router: Router, db: Database): void {
  router.get('/api/introduction-requests/connectors', async (req, res) => {
    const { memberId } = requireMember(req);
    const { targetId } = parse(introductionConnectorsQuery, req.query);
    memberRead(res).json(await introductionConnectors(db, memberId, targetId));
  });

  router.get('/api/introduction-requests/as-connector', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await requestsAskedOf(db, memberId));
  });

  for (const action of ['forward', 'decline'] as const) {
    router.post(`/api/introduction-requests/:id/${action}`, async (req, res) => {
      const { memberId } = requireMember(req);
      res.json(await answerAsConnectorOf(db, memberId, routeId(req.params.id), action, req.body));
    });
  }
}
