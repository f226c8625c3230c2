import { Router, type Response } from 'express';
import { parse, requireMember, type ServiceContext } from '@vouch/service-core';
import { listSuggestionsQuery } from '@vouch/contracts';
import { createAnalysisRewriter, rewriterConfigFrom } from '../../domain/analysis-rewriter';
import { cancelIntroductionRequest } from '../../domain/cancel-request.use-case';
import { createIntroductionRequest, toCreateRequestCommand } from '../../domain/create-request.use-case';
import { connectorInsights, myMatches, warmMatchIndex, warmupWanted } from '../../domain/matches.use-case';
import { myIntroductionRequests, requestsForSuggestions } from '../../domain/request-queries';
import { answerSuggestionAs, createSuggestion, suggestionsFor } from '../../domain/suggestions.use-case';
import { ownRequest, requestIdParam, visibleRequest } from '../../domain/visibility';

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

export function introductionsRouter(ctx: ServiceContext): Router {
  const { db } = ctx;
  const router = Router();
  // Off unless VOUCH_LLM_URL and VOUCH_LLM_MODEL are set; see domain/analysis-rewriter.ts.
  const rewriter = createAnalysisRewriter(rewriterConfigFrom(ctx.env), ctx.logger);
  // The match index is built in the background at start-up, not by the first my-matches call.
  if (warmupWanted(ctx.env)) {
    setImmediate(() => {
      warmMatchIndex(db).then(
        (result) => ctx.logger.info(result, 'match index ready'),
        (error: unknown) => ctx.logger.warn({ err: error }, 'match index warm-up failed; requests index their own candidates'),
      );
    });
  }

  router.post('/api/introduction-requests', async (req, res) => {
    const { memberId } = requireMember(req);
    const command = toCreateRequestCommand(req.body);
    res.status(201).json(await createIntroductionRequest(db, memberId, command));
  });

  router.get('/api/introduction-requests/my', async (req, res) => {
    const { memberId } = requireMember(req);
    noStore(res).json(await myIntroductionRequests(db, memberId));
  });

  router.get('/api/introduction-requests/for-suggestions', async (req, res) => {
    const { memberId } = requireMember(req);
    noStore(res).json(await requestsForSuggestions(db, memberId));
  });

  router.get('/api/introduction-requests/:id/my-matches', async (req, res) => {
    const { memberId } = requireMember(req);
    const { request } = await visibleRequest(db, requestIdParam(req.params.id), memberId);
    noStore(res).json(await myMatches(db, request, memberId, rewriter));
  });

  router.get('/api/introduction-requests/:id/connector-insights', async (req, res) => {
    const { memberId } = requireMember(req);
    const request = await ownRequest(db, requestIdParam(req.params.id), memberId);
    noStore(res).json(await connectorInsights(db, request));
  });

  router.post('/api/introduction-requests/:id/cancel', async (req, res) => {
    const { memberId } = requireMember(req);
    res.json(await cancelIntroductionRequest(db, memberId, requestIdParam(req.params.id)));
  });

  router.get('/api/introduction-suggestions', async (req, res) => {
    const { memberId } = requireMember(req);
    const { requestId } = parse(listSuggestionsQuery, req.query);
    const request = await ownRequest(db, requestId, memberId);
    noStore(res).json(await suggestionsFor(db, request));
  });

  router.post('/api/introduction-suggestions', async (req, res) => {
    const { memberId } = requireMember(req);
    res.status(201).json(await createSuggestion(db, memberId, req.body));
  });

  for (const action of ['accept', 'reject'] as const) {
    router.post(`/api/introduction-suggestions/:id/${action}`, async (req, res) => {
      const { memberId } = requireMember(req);
      res.json(await answerSuggestionAs(db, memberId, requestIdParam(req.params.id as string), action));
    });
  }

  return router;
}
