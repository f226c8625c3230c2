/**
 * The web client of the /api surface (SPEC §7): every call sends credentials, bodies are JSON,
 * a non-ok response throws `ApiError`, and reads (`api.read`) treat 401 as "no data" (null).
 */
import { ApiError, errorDetail } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Resolve to null instead of throwing when the server answers 401 (reads). */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

type Fetch = typeof fetch;

/** One page of a list: its items, and the next page's address (from `Link: <…>; rel="next"`), or null on the last. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** The rel="next" target of a Link header, or null. */
export function nextPageLink(link: string | null): string | null {
  const match = link && /<([^>]+)>\s*;\s*rel="?next"?/.exec(link);
  return match ? match[1]! : null;
}

/** Retry-After as seconds (its delay form; the HTTP-date form counts from now), or null. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Parses a successful body: JSON when there is any, null for an empty body (204, HEAD). */
async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Builds a client on a given fetch (tests pass a fake; the app uses the global one). */
export function createApiClient(fetchImpl: Fetch = (...args) => fetch(...args)) {
  async function exchange(method: HttpMethod, path: string, body: unknown, options: RequestOptions): Promise<{ response: Response; value: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetchImpl(path, init);
    if (response.status === 401 && options.nullOn401) return { response, value: null };
    if (!response.ok) {
      const { detail, body: problem } = errorDetail(response.statusText, await response.text().catch(() => ''));
      throw new ApiError(response.status, detail, problem, retryAfterSeconds(response.headers.get('Retry-After')));
    }
    return { response, value: await parseBody(response) };
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return (await exchange(method, path, body, options)).value as T;
  }

  return {
    /** A read: 401 → null, per SPEC §7. */
    read: <T>(path: string, options?: Omit<RequestOptions, 'nullOn401'>) => request<T | null>('GET', path, undefined, { ...options, nullOn401: true }),
    /** One page of a list read (`path` as given, or a previous page's `next`); 401 → an empty last page. */
    readPage: async <T>(path: string, options?: Omit<RequestOptions, 'nullOn401'>): Promise<Page<T>> => {
      const { response, value } = await exchange('GET', path, undefined, { ...options, nullOn401: true });
      return { items: (value as T[] | null) ?? [], next: value === null ? null : nextPageLink(response.headers.get('Link')) };
    },
    /** A GET that throws on 401 like any other error (for callers that must know). */
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('PUT', path, body, options),
    patch: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('PATCH', path, body, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
    /** A write with a caller-chosen method (SPEC §7 "Writes use a caller-specified method"). */
    send: <T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions) => request<T>(method, path, body, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient();
