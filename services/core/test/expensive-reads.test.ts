import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { createExpensiveReadLimiter, expensiveReadLimits, EXPENSIVE_READS_BUSY, EXPENSIVE_READS_LIMITED, isProblem } from '../src';

/** Runs the limiter for `memberId`: what it passed to next, and a way to finish the response. */
function call(limiter: ReturnType<typeof createExpensiveReadLimiter>, memberId: number | null) {
  const headers: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), { setHeader: (name: string, value: string) => (headers[name] = value) }) as unknown as Response;
  let passed: unknown = 'not called';
  const next: NextFunction = (error?: unknown) => {
    passed = error;
  };
  limiter({ auth: memberId === null ? undefined : { sessionId: 's', phone: '+15551234567', memberId } } as unknown as Request, res, next);
  return { passed, headers, finish: () => (res as unknown as EventEmitter).emit('close') };
}

describe('expensive read limiter (issue 26 item 16)', () => {
  it('lets a member have `concurrent` reads in flight; the next waits for one to finish (429, Retry-After 1)', () => {
    const limiter = createExpensiveReadLimiter({ concurrent: 2, perMinute: 0 });
    const first = call(limiter, 7);
    call(limiter, 7);
    const third = call(limiter, 7);
    expect(first.passed).toBeUndefined();
    expect(isProblem(third.passed) && third.passed.status).toBe(429);
    expect(isProblem(third.passed) && third.passed.detail).toBe(EXPENSIVE_READS_BUSY);
    expect(call(limiter, 8).passed).toBeUndefined(); // another member
    first.finish();
    expect(call(limiter, 7).passed).toBeUndefined();
  });

  it('counts reads per member per minute, then opens again', () => {
    let now = 0;
    const limiter = createExpensiveReadLimiter({ concurrent: 0, perMinute: 2 }, () => now);
    const first = call(limiter, 7);
    first.finish();
    expect(first.headers).toEqual({ 'RateLimit-Policy': '"network-searches";q=2;w=60', RateLimit: '"network-searches";r=1;t=60' });
    call(limiter, 7).finish();
    now = 45_000;
    const limited = call(limiter, 7).passed;
    expect(isProblem(limited) && limited.detail).toBe(EXPENSIVE_READS_LIMITED);
    expect(isProblem(limited) && limited.headers).toEqual({ 'Retry-After': '15', 'RateLimit-Policy': '"network-searches";q=2;w=60', RateLimit: '"network-searches";r=0;t=15' });
    now = 60_000;
    expect(call(limiter, 7).passed).toBeUndefined();
  });

  it('passes requests without a member on (the route answers 401), and reads its settings', () => {
    expect(call(createExpensiveReadLimiter({ concurrent: 1, perMinute: 1 }), null).passed).toBeUndefined();
    expect(expensiveReadLimits({ EXPENSIVE_READS_CONCURRENT: '3' })).toEqual({ concurrent: 3, perMinute: 30 });
    expect(() => expensiveReadLimits({ EXPENSIVE_READS_PER_MINUTE: '-1' })).toThrow(/EXPENSIVE_READS_PER_MINUTE/);
  });
});
