import { ApiError, errorDetail } from '../src/api/api-error';
import { createApiClient } from '../src/api/api-client';

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
    expect((error as ApiError).message).toBe('403: Phone Number Mismatch');
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).detail).toBe('Phone Number Mismatch');
    expect((error as ApiError).body).toEqual(problem);
  });

  it('falls back to the body text, then to the status text', async () => {
    const text = fakeFetch(502, 'upstream went away', 'Bad Gateway', 'text/plain');
    await expect(createApiClient(text.impl).get('/api/network')).rejects.toThrow('502: upstream went away');
    const empty = fakeFetch(500, '', 'Internal Server Error');
    await expect(createApiClient(empty.impl).get('/api/network')).rejects.toThrow('500: Internal Server Error');
  });

  it('reads treat 401 as no data, other calls throw it', async () => {
    const { impl } = fakeFetch(401, '{"detail":"Not authenticated"}', 'Unauthorized');
    const api = createApiClient(impl);
    await expect(api.read('/api/user/profile')).resolves.toBeNull();
    await expect(api.get('/api/user/profile')).rejects.toThrow('401: Not authenticated');
    await expect(api.post('/api/vouches', {})).rejects.toThrow('401: Not authenticated');
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
});
