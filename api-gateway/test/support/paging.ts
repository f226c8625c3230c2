import type { Agent } from './index';

/** Follows rel="next" from `path` (a paged list, issue 18); returns every page's ids in order. */
export async function walkPages(agent: Agent, path: string): Promise<{ ids: number[]; pages: number[][] }> {
  const pages: number[][] = [];
  let next: string | null = path;
  while (next) {
    const res = await agent.get(next).expect(200);
    if (!Array.isArray(res.body)) throw new Error(`${next} did not answer a JSON array`);
    pages.push((res.body as { id: number }[]).map((item) => item.id));
    const link = res.headers.link as string | undefined;
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    if (pages.length > 50) throw new Error('paging does not end');
  }
  return { ids: pages.flat(), pages };
}
