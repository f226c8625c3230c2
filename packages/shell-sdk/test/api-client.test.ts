import { ApiError, errorDetail } from '../src/api/api-error';
import { planRefusal } from '../src/api/plan-refusal';
import { createApiClient, nextPageLink, retryAfterSeconds } from '../src/api/api-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: string, statusText = '', contentType = 'application/json') {
  const calls: Call[] = [];
  const impl = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(status === 204 ? null : body, { status, statusText, headers: { 'Content-Type': contentType } });
  };
  return { impl: impl as typeof fetch, calls };
}

describe('api client', () => {
  it('sends credentials and a JSON body on writes', async () => {
    const { impl, calls } = fakeFetch(200, '{"ok":true}');
    const api = createApiClient(impl);
    await expect(api.post('/api/vouches', { type: 'invite' })).resolves.toEqual({ ok: true });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"type":"invite"}');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends credentials on reads too, without a body', async () => {
    const { impl, calls } = fakeFetch(200, '{"user":null}');
    await createApiClient(impl).read('/api/user/profile');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('turns a problem+json answer into "<status>: <detail>"', async () => {
    const problem = { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Phone Number Mismatch' };
    const { impl } = fakeFetch(403, JSON.stringify(problem), 'Forbidden', 'application/problem+json');
    const error = await createApiClient(impl).post('/api/auth/request-otp', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Phone Number Mismatch');
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).detail).toBe('Phone Number Mismatch');
    expect((error as ApiError).body).toEqual(problem);
  });

  it("carries a 429's Retry-After, so the screen can say when to try again", async () => {
    const impl = (async () =>
      new Response(JSON.stringify({ status: 429, detail: 'Too many verification codes were sent to this phone number.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '840' },
      })) as typeof fetch;
    const error = (await createApiClient(impl).post('/api/auth/request-otp', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterSeconds).toBe(840);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:30 GMT'))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('falls back to the body text, then to the status text', async () => {
    const text = fakeFetch(502, 'upstream went away', 'Bad Gateway', 'text/plain');
    await expect(createApiClient(text.impl).get('/api/network')).rejects.toThrow('upstream went away');
    const empty = fakeFetch(500, '', 'Internal Server Error');
    await expect(createApiClient(empty.impl).get('/api/network')).rejects.toThrow('Internal Server Error');
  });

  it('reads treat 401 as no data, other calls throw it', async () => {
    const { impl } = fakeFetch(401, '{"detail":"Not authenticated"}', 'Unauthorized');
    const api = createApiClient(impl);
    await expect(api.read('/api/user/profile')).resolves.toBeNull();
    await expect(api.get('/api/user/profile')).rejects.toThrow('Not authenticated');
    await expect(api.post('/api/vouches', {})).rejects.toThrow('Not authenticated');
  });

  it('resolves an empty success body to null', async () => {
    const { impl } = fakeFetch(204, '');
    await expect(createApiClient(impl).delete('/api/x')).resolves.toBeNull();
  });
});

describe('errorDetail', () => {
  it('prefers detail, then message, then the raw JSON text', () => {
    expect(errorDetail('Bad Request', '{"detail":"Name is required","message":"x"}').detail).toBe('Name is required');
    expect(errorDetail('Bad Request', '{"message":"Invalid phone"}').detail).toBe('Invalid phone');
    expect(errorDetail('Bad Request', '{"error":"nope"}').detail).toBe('{"error":"nope"}');
    expect(errorDetail('', '   ').detail).toBe('Request failed');
  });

  it('reads a page: its items and the next page from the Link header; 401 is an empty last page', async () => {
    const calls: string[] = [];
    const impl = (async (url: RequestInfo | URL) => {
      calls.push(String(url));
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (String(url) === '/api/vouches/my') headers.Link = '</api/vouches/my?limit=50&cursor=abc>; rel="next"';
      return new Response(String(url).includes('cursor') ? '[{"id":1}]' : '[{"id":3},{"id":2}]', { status: 200, headers });
    }) as typeof fetch;
    const api = createApiClient(impl);
    const first = await api.readPage<{ id: number }>('/api/vouches/my');
    expect(first).toEqual({ items: [{ id: 3 }, { id: 2 }], next: '/api/vouches/my?limit=50&cursor=abc' });
    expect(await api.readPage(first.next!)).toEqual({ items: [{ id: 1 }], next: null });
    expect(calls).toEqual(['/api/vouches/my', '/api/vouches/my?limit=50&cursor=abc']);
    const signedOut = fakeFetch(401, '{"detail":"Not authenticated"}', 'Unauthorized');
    await expect(createApiClient(signedOut.impl).readPage('/api/vouches/my')).resolves.toEqual({ items: [], next: null });
    expect(nextPageLink('</a?cursor=1>; rel="prev", </a?cursor=2>; rel="next"')).toBe('/a?cursor=2');
  });
});

describe('planRefusal', () => {
  it('gives the sentence of a 402 and of a PLAN_TIER problem, so the screen can offer Upgrade', () => {
    expect(planRefusal(new ApiError(402, 'You have used all 10 introduction requests of your plan this month.', { code: 'PLAN_LIMIT' }))).toBe('You have used all 10 introduction requests of your plan this month.');
    expect(planRefusal(new ApiError(403, '3rd degree introductions are available with Network Pro.', { code: 'PLAN_TIER' }))).toBe('3rd degree introductions are available with Network Pro.');
  });

  it('is null for any other refusal or error', () => {
    expect(planRefusal(new ApiError(403, 'You need at least one accepted vouch.', { code: 'NO_VOUCH_YET' }))).toBeNull();
    expect(planRefusal(new ApiError(400, 'Please fill in all required fields', 'text'))).toBeNull();
    expect(planRefusal(new Error('402: looks like one'))).toBeNull();
    expect(planRefusal(null)).toBeNull();
  });
});
