import { Router, type Response } from 'express';
import { currentAuth, memberRead, parse, parsePage, requireMember, sendPage } from '@vouch/service-core';
import { memberIdParam, PROFILE_VOUCH_PAGE_SIZE, statesQuery } from '@vouch/contracts';
import { acceptedCursor, memberProfileRef, mySummary, profileConnection, publicProfile, publicProfileVouches, type ProfileDeps } from '../../domain/profile-queries';
import { updateProfile } from '../../domain/update-profile.use-case';
import { myReputationExplanation } from '../../../reputation';

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/** /api/profile/*: my summary, my settings, public profiles (thin: parse → use case → respond). */
export function profilesRouter(deps: ProfileDeps): Router {
  const router = Router();

  router.get('/api/profile/my-summary', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await mySummary(deps, memberId));
  });

  router.get('/api/profile/my-reputation', async (req, res) => {
    const { memberId } = requireMember(req);
    noStore(res).json(await myReputationExplanation(deps.db, memberId));
  });

  router.patch('/api/profile', async (req, res) => {
    const { memberId } = requireMember(req);
    noStore(res).json(await updateProfile(deps, memberId, req.body));
  });

  router.get('/api/profile/public/:slug', async (req, res) => {
    const viewerId = currentAuth(req)?.memberId ?? null;
    const visitor = { address: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
    noStore(res).json(await publicProfile(deps, req.params.slug, viewerId, visitor));
  });

  router.get('/api/profile/public/:slug/vouches', async (req, res) => {
    const page = parsePage(req.query, { defaultLimit: PROFILE_VOUCH_PAGE_SIZE, maxLimit: 100 });
    sendPage(req, noStore(res), await publicProfileVouches(deps, req.params.slug, page), page, acceptedCursor);
  });

  router.get('/api/profile/public/:slug/connection', async (req, res) => {
    const { memberId } = requireMember(req);
    const { states } = parse(statesQuery, req.query);
    noStore(res).json(await profileConnection(deps, req.params.slug, memberId, states === 'true'));
  });

  router.get('/api/profile/members/:memberId', async (req, res) => {
    requireMember(req);
    noStore(res).json(await memberProfileRef(deps, parse(memberIdParam, req.params).memberId));
  });

  return router;
}
