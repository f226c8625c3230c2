import { Router } from 'express';
import { changeCursor, changedSinceOf, expensiveReads, idPath, memberRead, pageOf, parse, parsePage, parseSyncQuery, parseUpdatedSince, personalRead, requireMember, routeId, sendPage, syncPage, syncTokenWindow, type Cursor, type PageRequest, type ServiceContext } from '@vouch/service-core';
import { listSuggestionsQuery } from '@vouch/contracts';
import { createAnalysisRewriter, rewriterConfigFrom } from '../../domain/analysis-rewriter';
import { cancelIntroductionRequest } from '../../domain/cancel-request.use-case';
import { createIntroductionRequest, toCreateRequestCommand } from '../../domain/create-request.use-case';
import { createAddressedRequest, isAddressedBody, toAddressedRequestCommand } from '../../domain/addressed-request.use-case';
import { addAddressedRequestRoutes } from './addressed-requests.router';
import { connectorInsights, myMatches } from '../../domain/matches.use-case';
import { introductionRequestFor, myIntroductionRequests, requestsForSuggestions } from '../../domain/request-queries';
import { answerIntroductionAs, myIntroduction, myIntroductions, myIntroductionsSyncList } from '../../domain/introductions.use-case';
import { INTRODUCTION_SYNC_LISTS, requestSyncList } from '../../domain/introduction-sync';
import { answerSuggestionAs, createSuggestion, suggestionFor, suggestionsFor } from '../../domain/suggestions.use-case';
import { ownRequest, visibleRequest } from '../../domain/visibility';

// Requests and suggestions are listed newest first; a page continues after the last one sent.
const byCreation = (row: { createdAt: string; id: number }): Cursor => ({ at: row.createdAt, id: row.id });

/** One page of a member's list held in memory: newest first, or with ?updated_since= (the web's, best effort) what was stamped since, oldest change first. */
function listPage<T extends { createdAt: string; updatedAt: string; id: number }>(query: Parameters<typeof parsePage>[0], rows: T[], page: PageRequest): { rows: T[]; cursorOf: (row: T) => Cursor } {
  const since = parseUpdatedSince(query);
  return since ? { rows: changedSinceOf(rows, since, page, changeCursor), cursorOf: changeCursor } : { rows: pageOf(rows, page, byCreation), cursorOf: byCreation };
}

export function introductionsRouter(ctx: ServiceContext): Router {
  const { db } = ctx;
  const router = Router();
  // Off unless VOUCH_LLM_URL and VOUCH_LLM_MODEL are set; see domain/analysis-rewriter.ts.
  const rewriter = createAnalysisRewriter(rewriterConfigFrom(ctx.env), ctx.logger);
  // The reads that search the network: limited per member (EXPENSIVE_READS_*).
  const expensive = expensiveReads(ctx);

  // An app's copy of each list (issue 45): what changed since its token, in commit order (services/core sync-log.ts).
  const sync = syncTokenWindow(ctx);
  router.get('/api/introduction-requests/my/sync', async (req, res) => {
    const { memberId } = requireMember(req);
    const query = parseSyncQuery(req.query, INTRODUCTION_SYNC_LISTS.requests);
    memberRead(res).json(await syncPage(db, requestSyncList(memberId, () => myIntroductionRequests(db, memberId)), query, { ...sync, now: new Date() }));
  });
  router.get('/api/introductions/sync', async (req, res) => {
    const { memberId } = requireMember(req);
    const query = parseSyncQuery(req.query, INTRODUCTION_SYNC_LISTS.introductions);
    memberRead(res).json(await syncPage(db, myIntroductionsSyncList(db, memberId), query, { ...sync, now: new Date() }));
  });

  // With targetId: addressed to that member through a connector (issue 44); without: to the whole network.
  router.post('/api/introduction-requests', async (req, res) => {
    const { memberId } = requireMember(req);
    if (isAddressedBody(req.body)) {
      res.status(201).json(await createAddressedRequest(db, memberId, toAddressedRequestCommand(req.body)));
      return;
    }
    const command = toCreateRequestCommand(req.body);
    res.status(201).json(await createIntroductionRequest(db, memberId, command));
  });
  addAddressedRequestRoutes(router, db);

  router.get('/api/introduction-requests/my', async (req, res) => {
    const { memberId } = requireMember(req);
    const page = parsePage(req.query);
    const { rows, cursorOf } = listPage(req.query, await myIntroductionRequests(db, memberId), page);
    sendPage(req, memberRead(res), rows, page, cursorOf);
  });

  router.get('/api/introduction-requests/for-suggestions', expensive, async (req, res) => {
    const { memberId } = requireMember(req);
    const page = parsePage(req.query);
    sendPage(req, memberRead(res), pageOf(await requestsForSuggestions(db, memberId), page, byCreation), page, byCreation);
  });

  // One request, to each member a notification about it reaches (anyone else: 404); digits only, beside the named lists.
  router.get(idPath('/api/introduction-requests'), async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await introductionRequestFor(db, memberId, routeId(req.params[0])));
  });

  router.get('/api/introduction-requests/:id/my-matches', expensive, async (req, res) => {
    const { memberId } = requireMember(req);
    const { request, reach } = await visibleRequest(db, routeId(req.params.id), memberId);
    // Phones of 1° matches: a personal read, no-store (issue 43).
    personalRead(res).json(await myMatches(db, request, memberId, { rewriter, reach }));
  });

  router.get('/api/introduction-requests/:id/connector-insights', expensive, async (req, res) => {
    const { memberId } = requireMember(req);
    const request = await ownRequest(db, routeId(req.params.id), memberId);
    memberRead(res).json(await connectorInsights(db, request));
  });

  router.post('/api/introduction-requests/:id/cancel', async (req, res) => {
    const { memberId } = requireMember(req);
    res.json(await cancelIntroductionRequest(db, memberId, routeId(req.params.id)));
  });

  router.get('/api/introduction-suggestions', async (req, res) => {
    const { memberId } = requireMember(req);
    const { requestId } = parse(listSuggestionsQuery, req.query);
    const page = parsePage(req.query);
    const request = await ownRequest(db, requestId, memberId);
    sendPage(req, personalRead(res), pageOf(await suggestionsFor(db, request), page, byCreation), page, byCreation);
  });

  // One suggestion, to the requester, its connector and the person suggested.
  router.get(idPath('/api/introduction-suggestions'), async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await suggestionFor(db, memberId, routeId(req.params[0])));
  });

  router.post('/api/introduction-suggestions', async (req, res) => {
    const { memberId } = requireMember(req);
    res.status(201).json(await createSuggestion(db, memberId, req.body));
  });

  for (const action of ['accept', 'reject'] as const) {
    router.post(`/api/introduction-suggestions/:id/${action}`, async (req, res) => {
      const { memberId } = requireMember(req);
      res.json(await answerSuggestionAs(db, memberId, routeId(req.params.id), action));
    });
  }

  router.get('/api/introductions', async (req, res) => {
    const { memberId } = requireMember(req);
    const page = parsePage(req.query);
    const { rows, cursorOf } = listPage(req.query, await myIntroductions(db, memberId), page);
    sendPage(req, personalRead(res), rows, page, cursorOf);
  });

  // One introduction, to the three members it joins (anyone else: 404).
  router.get(idPath('/api/introductions'), async (req, res) => {
    const { memberId } = requireMember(req);
    personalRead(res).json(await myIntroduction(db, memberId, routeId(req.params[0])));
  });

  for (const action of ['accept', 'decline'] as const) {
    router.post(`/api/introductions/:id/${action}`, async (req, res) => {
      const { memberId } = requireMember(req);
      res.json(await answerIntroductionAs(db, memberId, routeId(req.params.id), action));
    });
  }

  return router;
}
