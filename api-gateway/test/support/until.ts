// Waiting for something a test cannot be told about (a process up, a fault taking effect).

/**
 * Calls `fn` every `pollMs` until it gives a value other than undefined (a thrown error counts
 * as undefined: not yet), and resolves with it; fails naming `what` after `timeoutMs`.
 */
export async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000, pollMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(fn)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
