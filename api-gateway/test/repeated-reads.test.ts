// The kept answers of repeated reads stay few: what is no longer current goes first, and never more than the cap.
import type { SentMemberRead } from '@vouch/service-core';
import { createRepeatedReads } from '../src/repeated-reads';
import { createSessionCache } from '../src/session-cache';

const member = { sessionId: 's', phone: '+15550000000', memberId: 7 };

async function setUp(maxAnswers: number) {
  const sessions = createSessionCache({ ttlMs: 60_000 });
  const tokens = ['t0', 't1', 't2', 't3', 't4'];
  for (const token of tokens) await sessions.resolve(token, async () => member);
  const reads = createRepeatedReads({ sessions, logRequest: (_req, _res, next) => next(), maxAnswers });
  const current = new Map<string, boolean>();
  const sent = (token: string): SentMemberRead =>
    ({
      req: { method: 'GET', originalUrl: '/api/user/profile', headers: { authorization: `Bearer ${token}` }, auth: member },
      res: { statusCode: 200, hasHeader: () => false, getRawHeaderNames: () => ['X-Request-Id'], getHeader: () => 'id' },
      body: Buffer.from('{}'),
      stillCurrent: () => current.get(token) ?? true,
    }) as unknown as SentMemberRead;
  return { reads, current, sent, tokens };
}

describe('repeated reads’ kept answers', () => {
  it('are never more than maxAnswers, the oldest going first', async () => {
    const { reads, sent, tokens } = await setUp(3);
    for (const token of tokens) reads.keep(sent(token));
    expect(reads.size).toBe(3);
  });

  it('lose what is no longer current (a write, an expiry) as soon as the next answer is kept', async () => {
    const { reads, current, sent, tokens } = await setUp(10);
    for (const token of tokens.slice(0, 4)) reads.keep(sent(token));
    expect(reads.size).toBe(4);
    for (const token of tokens.slice(0, 4)) current.set(token, false); // a write dropped every body
    reads.keep(sent('t4'));
    expect(reads.size).toBe(1);
  });
});
