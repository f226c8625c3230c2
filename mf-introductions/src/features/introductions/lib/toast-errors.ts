/**
 * The sentence of a failed write's toast (SPEC §8). A create shows the server's message
 * (e.g. the missing vouch; a plan's refusal is shown with Upgrade instead) or the fallback; an answer or a suggestion
 * shows the fallback, followed by the server's reason when there is one.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}

export function fallbackWithReason(error: unknown, fallback: string): string {
  const detail = error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string' ? error.detail.trim() : '';
  return detail ? `${fallback}. ${detail}` : fallback;
}
