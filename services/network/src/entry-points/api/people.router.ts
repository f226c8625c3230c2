import { Router, type Request } from 'express';
import { expensiveReads, parse, parsePage, problems, requireMember, sendPage, type PageRequest, type ServiceContext } from '@vouch/service-core';
import { peopleSearchQuery, secondDegreeListQuery } from '@vouch/contracts';
import { searchPeople, secondDegreePage, type OffsetPage } from '../../domain/people-search-queries';

/** Search pages: 20 by default, at most 50. */
export const PEOPLE_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 50 };

const single = (value: unknown): unknown => (value === undefined || typeof value === 'string' ? value : 'repeated');

/**
 * The page asked for: the results are ranked in memory, so the cursor holds the position of the
 * next result (a cursor of another list, with an instant, is refused like a malformed one).
 */
function offsetPage(req: Request): { page: PageRequest; offset: OffsetPage } {
  const page = parsePage(req.query, PEOPLE_PAGE_LIMITS);
  if (page.after && (page.after.at !== null || page.after.id < 0)) {
    const message = 'The cursor is not one this list gave out: start again without it.';
    throw problems.badRequest(message, [{ field: 'cursor', message }]);
  }
  return { page, offset: { offset: page.after?.id ?? 0, take: page.limit + 1 } };
}

/** Each row's cursor: the position after it. */
function send<T>(req: Request, res: Parameters<typeof sendPage>[1], rows: T[], page: PageRequest, offset: OffsetPage): void {
  const position = new Map(rows.map((row, i) => [row, offset.offset + i + 1]));
  res.set('Cache-Control', 'private, no-store');
  sendPage(req, res, rows, page, (row) => ({ at: null, id: position.get(row)! }));
}

export function peopleRouter(ctx: ServiceContext): Router {
  const router = Router();

  // Reads the search index and the neighbour rows of people near me: limited per member (EXPENSIVE_READS_*).
  router.get('/api/people/search', expensiveReads(ctx), async (req, res) => {
    const { memberId } = requireMember(req);
    const { q, degree } = parse(peopleSearchQuery, { q: single(req.query.q), degree: single(req.query.degree) });
    const { page, offset } = offsetPage(req);
    send(req, res, await searchPeople(ctx.db, memberId, q, offset, degree), page, offset);
  });

  // Pages through every 2° person: an expensive read like the searches (issue 43), under their limit.
  router.get('/api/network/second-degree', expensiveReads(ctx), async (req, res) => {
    const { memberId } = requireMember(req);
    const { q } = parse(secondDegreeListQuery, { q: single(req.query.q) });
    const { page, offset } = offsetPage(req);
    send(req, res, await secondDegreePage(ctx.db, memberId, q, offset), page, offset);
  });

  return router;
}
