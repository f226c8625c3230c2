import { Router } from 'express';
import { expensiveReads, memberRead, parse, requireMember, type ServiceContext } from '@vouch/service-core';
import { networkAnalysisQuery } from '@vouch/contracts';
import { readNetworkConfig } from '../../config';
import { analysisOf, cachedNetworkStats, networkOf, onboardingMapOf } from '../../domain/network-queries';

export function networkRouter(ctx: ServiceContext): Router {
  const config = readNetworkConfig(ctx.env);
  const stats = cachedNetworkStats(ctx.db, config.statsCacheMs);
  const router = Router();

  router.get('/api/network', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await networkOf(ctx.db, memberId));
  });

  // Anonymous (the landing page); the same numbers for everyone, so a shared cache may keep them briefly.
  router.get('/api/network/stats', async (_req, res) => {
    res.set('Cache-Control', `public, max-age=${Math.round(config.statsCacheMs / 1000)}`).json(await stats());
  });

  // Walks up to the 3rd degree: limited per member (EXPENSIVE_READS_*).
  router.get('/api/network/analysis', expensiveReads(ctx), async (req, res) => {
    const { memberId } = requireMember(req);
    const { degree } = parse(networkAnalysisQuery, { degree: req.query.degree === undefined || typeof req.query.degree === 'string' ? req.query.degree : 'repeated' });
    memberRead(res).json(await analysisOf(ctx.db, memberId, degree));
  });

  router.get('/api/onboarding/network-map', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await onboardingMapOf(ctx.db, memberId));
  });

  return router;
}
