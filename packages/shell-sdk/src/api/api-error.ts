/**
 * A non-ok API response. `message` is what a person reads: the server's sentence alone. SPEC §8
 * showed "<status>: <detail>"; a member does not read HTTP codes (issue 28), so code that branches
 * on the answer reads `status` (or the problem's `code` in `body`), never the message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly detail: string,
    /** The parsed problem+json body (or the raw text when it was not JSON). */
    readonly body: unknown,
    /** A 429's (or 503's) Retry-After in seconds: when the screen may say to try again; null without one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(detail);
  }
}

/**
 * An error's message: the problem's `detail` when the body is
 * problem+json, otherwise the body text, otherwise the status text (SPEC §8, architecture.md).
 */
export function errorDetail(statusText: string, bodyText: string): { detail: string; body: unknown } {
  const text = bodyText.trim();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        const { detail, message } = parsed as { detail?: unknown; message?: unknown };
        if (typeof detail === 'string' && detail.trim()) return { detail: detail.trim(), body: parsed };
        // Older endpoints answer `{ message }`; it is the same human sentence.
        if (typeof message === 'string' && message.trim()) return { detail: message.trim(), body: parsed };
      }
      return { detail: text, body: parsed };
    } catch {
      return { detail: text, body: text };
    }
  }
  return { detail: statusText || 'Request failed', body: null };
}
