import { Router, type Response } from 'express';
import { changeCursor, createMemberReadCache, idPath, memberRead, problems, pageAnswer, parse, parsePage, parseSyncQuery, parseUpdatedSince, personalRead, requireMember, requireSession, routeId, sendPage, syncPage, syncTokenWindow, type ServiceContext } from '@vouch/service-core';
import { respondVouchBody, statesQuery } from '@vouch/contracts';
import { createVouch, toCreateVouchCommand } from '../../domain/create-vouch.use-case';
import type { VouchesDeps } from '../../../../domain/vouches-deps';
import { respondToVouch } from '../../domain/respond-vouch.use-case';
import { revokeVouch } from '../../domain/revoke-vouch.use-case';
import { dismissVouchBack, vouchBacksFor } from '../../domain/vouch-back.use-case';
import { recordVouchShared } from '../../domain/share-vouch.use-case';
import { acceptedVouchCursor, publicVouch, vouchCursor, vouchesChangedSince, vouchesPendingFor, vouchesReceivedBy, vouchesSentBy, vouchForMember, vouchSyncList } from '../../domain/vouch-queries';
import { VOUCH_SYNC_LISTS, type SyncedVouchList } from '../../../../domain/vouch-sync';

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/** /api/vouches/*: create, list and sync, open, answer, revoke, share, vouch back (thin: parse → use case → respond). */
export function vouchingRouter(ctx: ServiceContext, deps: VouchesDeps): Router {
  const router = Router();

  router.post('/api/vouches', async (req, res) => {
    const member = requireMember(req);
    const command = toCreateVouchCommand(req.body, member);
    res.status(201).json(await createVouch(deps, member, command));
  });

  // An app's copy of each list (issue 45): what changed since its token, in commit order (services/core sync-log.ts).
  const sync = syncTokenWindow(ctx);
  const syncedVouchLists: [string, SyncedVouchList][] = [
    ['/api/vouches/my/sync', 'sent'],
    ['/api/vouches/received/sync', 'received'],
    ['/api/vouches/pending-for-me/sync', 'to-my-phone'],
  ];
  for (const [path, list] of syncedVouchLists) {
    router.get(path, async (req, res) => {
      const member = requireMember(req);
      const query = parseSyncQuery(req.query, VOUCH_SYNC_LISTS[list]);
      memberRead(res).json(await syncPage(ctx.db, vouchSyncList(ctx.db, member, list), query, { ...sync, now: deps.clock() }));
    });
  }

  // Behind every dashboard load: the serialised page is kept a moment per member (MEMBER_READ_CACHE_SECONDS).
  const memberReads = ctx.memberReads ?? createMemberReadCache({ ttlMs: 0 });
  // ?updated_since= (the web's, best effort): what was stamped since, oldest change first.
  router.get('/api/vouches/my', async (req, res) => {
    const member = requireMember(req);
    const { memberId } = member;
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    // Vouch links' tokens and recipients' phones: personal reads, no-store (issue 43).
    if (since) return sendPage(req, personalRead(res), await vouchesChangedSince(ctx.db, member, 'sent', since, page), page, changeCursor);
    await memberReads.send(req, res, `vouches/my:${memberId}:${req.originalUrl}`, async () => pageAnswer(req, await vouchesSentBy(ctx.db, memberId, page), page, vouchCursor), { personal: true });
  });

  router.get('/api/vouches/pending-for-me', async (req, res) => {
    const member = requireMember(req);
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    if (since) return sendPage(req, personalRead(res), await vouchesChangedSince(ctx.db, member, 'to-my-phone', since, page), page, changeCursor);
    sendPage(req, personalRead(res), await vouchesPendingFor(ctx.db, member, deps.clock(), page), page, vouchCursor);
  });

  router.get('/api/vouches/received', async (req, res) => {
    const member = requireMember(req);
    const { memberId } = member;
    const page = parsePage(req.query);
    const since = parseUpdatedSince(req.query);
    if (since) return sendPage(req, personalRead(res), await vouchesChangedSince(ctx.db, member, 'received', since, page), page, changeCursor);
    sendPage(req, personalRead(res), await vouchesReceivedBy(ctx.db, memberId, page), page, acceptedVouchCursor);
  });

  router.get('/api/vouches/public/:vouchToken', async (req, res) => {
    const { states } = parse(statesQuery, req.query);
    noStore(res).json(await publicVouch(ctx.db, req.params.vouchToken, states === 'true'));
  });

  // One vouch, to its voucher and its recipient (a notification or link opens it). Digits only,
  // so GET of a named path (/api/vouches/accept) stays a 405, not a vouch id.
  router.get(idPath('/api/vouches'), async (req, res) => {
    const member = requireMember(req);
    personalRead(res).json(await vouchForMember(ctx.db, member, routeId(req.params[0])));
  });

  // SPEC §7 names both; they are the same answer (accept or reject). A session whose phone was
  // verified but has no member yet may decline (issue 44: declining needs no account); the
  // use case refuses it anything else.
  const respond = async (req: Parameters<Parameters<typeof router.post>[1]>[0], res: Response) => {
    const auth = requireSession(req);
    const body = parse(respondVouchBody, req.body);
    res.json(await respondToVouch(deps, { memberId: auth.memberId, phone: auth.phone }, body));
  };
  router.post('/api/vouches/accept', respond);
  router.put('/api/vouches/respond', respond);

  router.post('/api/vouches/:id/revoke', async (req, res) => {
    const member = requireMember(req);
    res.json(await revokeVouch(deps, member, req.params.id));
  });

  // The dashboard's "Vouch back for <name>" (issue 44): kept until given or dismissed.
  router.get('/api/vouches/vouch-back', async (req, res) => {
    const member = requireMember(req);
    personalRead(res).json(await vouchBacksFor(ctx.db, member));
  });

  router.post('/api/vouches/vouch-back/:memberId/dismiss', async (req, res) => {
    const member = requireMember(req);
    const voucherId = routeId(req.params.memberId);
    if (voucherId === null) throw problems.notFound('No vouch back is offered for this member.');
    await dismissVouchBack(ctx.db, member, voucherId, deps.clock());
    res.status(204).end();
  });

  router.post('/api/vouches/:id/shared', async (req, res) => {
    const member = requireMember(req);
    res.json(await recordVouchShared(deps, member, req.params.id));
  });

  return router;
}
