import { Router, type Response } from 'express';
import { changeCursor, createMemberReadCache, idPath, memberRead, pageAnswer, parse, parsePage, parseUpdatedSince, requireMember, routeId, sendPage, type ServiceContext } from '@vouch/service-core';
import { activityKindQuery, markActivitiesSeenBody, respondVouchBody, statesQuery } from '@vouch/contracts';
import { readVouchesConfig } from '../../config';
import { ACTIVITY_PAGE_LIMITS, activityChangedSince, activityFeed, markActivitiesSeen, unreadActivityCount } from '../../domain/activity';
import { systemClock, type Clock } from '../../domain/clock';
import { createVouch, toCreateVouchCommand } from '../../domain/create-vouch.use-case';
import type { VouchesDeps } from '../../domain/vouches-deps';
import { respondToVouch, vouchBackFor } from '../../domain/respond-vouch.use-case';
import { revokeVouch } from '../../domain/revoke-vouch.use-case';
import { recordVouchShared } from '../../domain/share-vouch.use-case';
import { acceptedVouchCursor, publicVouch, vouchCursor, vouchesChangedSince, vouchesPendingFor, vouchesReceivedBy, vouchesSentBy, vouchForMember } from '../../domain/vouch-queries';
import { profilesRouter } from './profiles.router';
import { vouchAsksRouter } from './vouch-asks.router';

/** What tests (and embedders) may add to the ServiceContext: a clock to move expiry by hand. */
export interface VouchesRouterContext extends ServiceContext {
  clock?: Clock;
}

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

export function vouchesRouter(ctx: VouchesRouterContext): Router {
  const config = readVouchesConfig(ctx.env);
  const deps: VouchesDeps = { db: ctx.db, clock: ctx.clock ?? systemClock, expiryDays: config.expiryDays, publicUrl: config.publicUrl };
  const router = Router();

  router.post('/api/vouches', async (req, res) => {
    const member = requireMember(req);
    const command = toCreateVouchCommand(req.body, member);
    res.status(201).json(await createVouch(deps, member, command));
  });

  // Behind every dashboard load: the serialised page is kept a moment per member (MEMBER_READ_CACHE_SECONDS).
  const memberReads = ctx.memberReads ?? createMemberReadCache({ ttlMs: 0 });
  // Every list also syncs: ?updated_since= answers what changed since, oldest change first.
  router.get('/api/vouches/my', async (req, res) => {
    const member = requireMember(req);
    const { memberId } = member;
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    if (since) return sendPage(req, memberRead(res), await vouchesChangedSince(ctx.db, member, 'sent', since, page), page, changeCursor);
    await memberReads.send(req, res, `vouches/my:${memberId}:${req.originalUrl}`, async () => pageAnswer(req, await vouchesSentBy(ctx.db, memberId, page), page, vouchCursor));
  });

  router.get('/api/vouches/pending-for-me', async (req, res) => {
    const member = requireMember(req);
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    if (since) return sendPage(req, memberRead(res), await vouchesChangedSince(ctx.db, member, 'to-my-phone', since, page), page, changeCursor);
    sendPage(req, memberRead(res), await vouchesPendingFor(ctx.db, member, deps.clock(), page), page, vouchCursor);
  });

  router.get('/api/vouches/received', async (req, res) => {
    const member = requireMember(req);
    const { memberId } = member;
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    if (since) return sendPage(req, memberRead(res), await vouchesChangedSince(ctx.db, member, 'received', since, page), page, changeCursor);
    sendPage(req, memberRead(res), await vouchesReceivedBy(ctx.db, memberId, page), page, acceptedVouchCursor);
  });

  router.get('/api/vouches/public/:vouchToken', async (req, res) => {
    const { states } = parse(statesQuery, req.query);
    noStore(res).json(await publicVouch(ctx.db, req.params.vouchToken, states === 'true'));
  });

  // One vouch, to its voucher and its recipient (a notification or link opens it). Digits only,
  // so GET of a named path (/api/vouches/accept) stays a 405, not a vouch id.
  router.get(idPath('/api/vouches'), async (req, res) => {
    const member = requireMember(req);
    memberRead(res).json(await vouchForMember(ctx.db, member, routeId(req.params[0])));
  });

  // SPEC §7 names both; they are the same answer (accept or reject).
  const respond = async (req: Parameters<Parameters<typeof router.post>[1]>[0], res: Response) => {
    const member = requireMember(req);
    const body = parse(respondVouchBody, req.body);
    const vouch = await respondToVouch(deps, member, body);
    res.json({ vouch, vouchBack: await vouchBackFor(deps, member, vouch) });
  };
  router.post('/api/vouches/accept', respond);
  router.put('/api/vouches/respond', respond);

  router.post('/api/vouches/:id/revoke', async (req, res) => {
    const member = requireMember(req);
    res.json(await revokeVouch(deps, member, req.params.id));
  });

  router.post('/api/vouches/:id/shared', async (req, res) => {
    const member = requireMember(req);
    res.json(await recordVouchShared(deps, member, req.params.id));
  });

  router.get('/api/activities', async (req, res) => {
    const { memberId } = requireMember(req);
    const page = parsePage(req.query, ACTIVITY_PAGE_LIMITS);
    const since = parseUpdatedSince(req.query);
    const byCreation = (a: { createdAt: string; id: number }) => ({ at: a.createdAt, id: a.id });
    // An activity never changes once written: its creation is its change.
    if (since) return sendPage(req, memberRead(res), await activityChangedSince(ctx.db, memberId, since, page), page, byCreation);
    const { kind } = parse(activityKindQuery, { kind: req.query.kind });
    sendPage(req, memberRead(res), await activityFeed(ctx.db, memberId, page, kind ?? null), page, byCreation);
  });

  router.get('/api/activities/unread', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json({ unread: await unreadActivityCount(ctx.db, memberId) });
  });

  router.post('/api/activities/seen', async (req, res) => {
    const { memberId } = requireMember(req);
    const { throughId } = parse(markActivitiesSeenBody, req.body ?? {});
    res.json({ unread: await markActivitiesSeen(ctx.db, memberId, throughId ?? null) });
  });

  router.use(profilesRouter(deps));
  router.use(vouchAsksRouter(deps));

  return router;
}
