/**
 * The Vouch API for mobile and other non-web clients: openapi-fetch over the types generated
 * from the API document (src/schema.d.ts), with the session as a bearer token.
 *
 *   const api = createVouchClient({ baseUrl: 'https://vouch.example/api/v1', token: () => store.token });
 *   const { data, error, response } = await api.GET('/vouches/my', { params: { query: { limit: 20 } } });
 *   const next = nextPageLink(response);   // '/api/v1/vouches/my?limit=20&cursor=…' or null
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];
export type ProblemCode = Schemas['ProblemCode'];


export interface VouchClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** e.g. `https://vouch.example/api/v1` (recommended: the versioned surface) */
  baseUrl: string;
  /** The bearer token (from verify-otp with "session": "token"), read before every call; null when signed out. */
  token?: () => string | null | undefined;
}

/** A typed client: `GET('/vouches/my')`, `POST('/vouches', { body })`, each answering `{ data, error, response }`. */
export function createVouchClient({ token, ...options }: VouchClientOptions): Client<paths> {
  const client = createClient<paths>(options);
  client.use({
    onRequest({ request }) {
      const value = token?.();
      if (value) request.headers.set('Authorization', `Bearer ${value}`);
      return request;
    },
  });
  return client;
}

/** The next page of a list (its `Link: <…>; rel="next"`), as a path, or null on the last page. */
export function nextPageLink(response: Response): string | null {
  const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(response.headers.get('Link') ?? '');
  return match ? match[1]! : null;
}

/** The `cursor` of the next page, to pass as `params.query.cursor`, or null on the last page. */
export function nextCursor(response: Response): string | null {
  const link = nextPageLink(response);
  return link ? new URL(link, 'http://localhost').searchParams.get('cursor') : null;
}
