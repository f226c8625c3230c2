import { Router } from 'express';
import { changeCursor, changedSinceOf, expensiveReads, idPath, memberRead, pageOf, parse, parsePage, parseUpdatedSince, requireMember, routeId, sendPage, type Cursor, type PageRequest, type ServiceContext } from '@vouch/service-core';
import { listSuggestionsQuery } from '@vouch/contracts';
import { createAnalysisRewriter, rewriterConfigFrom } from '../../domain/analysis-rewriter';
import { cancelIntroductionRequest } from '../../domain/cancel-request.use-case';
import { createIntroductionRequest, toCreateRequestCommand } from '../../domain/create-request.use-case';
import { connectorInsights, myMatches } from '../../domain/matches.use-case';
import { myIntroductionRequest, myIntroductionRequests, requestsForSuggestions } from '../../domain/request-queries';
import { answerIntroductionAs, myIntroduction, myIntroductions } from '../../domain/introductions.use-case';
import { answerSuggestionAs, createSuggestion, suggestionsFor } from '../../domain/suggestions.use-case';
import { ownRequest, visibleRequest } from '../../domain/visibility';

// Requests and suggestions are listed newest first; a page continues after the last one sent.
const byCreation = (row: { createdAt: string; id: number }): Cursor => ({ at: row.createdAt, id: row.id });

/** One page of a member's list held in memory: newest first, or with ?updated_since= what changed since, oldest change first. */
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

  router.post('/api/introduction-requests', async (req, res) => {
    const { memberId } = requireMember(req);
    const command = toCreateRequestCommand(req.body);
    res.status(201).json(await createIntroductionRequest(db, memberId, command));
  });

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

  // One request, to its requester (anyone else: 404); digits only, beside the named lists.
  router.get(idPath('/api/introduction-requests'), async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await myIntroductionRequest(db, memberId, routeId(req.params[0])));
  });

  router.get('/api/introduction-requests/:id/my-matches', expensive, async (req, res) => {
    const { memberId } = requireMember(req);
    const { request, reach } = await visibleRequest(db, routeId(req.params.id), memberId);
    memberRead(res).json(await myMatches(db, request, memberId, { rewriter, reach }));
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
    sendPage(req, memberRead(res), pageOf(await suggestionsFor(db, request), page, byCreation), page, byCreation);
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
    sendPage(req, memberRead(res), rows, page, cursorOf);
  });

  // One introduction, to the three members it joins (anyone else: 404).
  router.get(idPath('/api/introductions'), async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await myIntroduction(db, memberId, routeId(req.params[0])));
  });

  for (const action of ['accept', 'decline'] as const) {
    router.post(`/api/introductions/:id/${action}`, async (req, res) => {
      const { memberId } = requireMember(req);
      res.json(await answerIntroductionAs(db, memberId, routeId(req.params.id), action));
    });
  }

  return router;
}
