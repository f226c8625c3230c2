// Files of the web apps' builds the gateway reads into the pages it sends (the shell's
// index.html, the remotes' manifests, the landing's first slide): read once, and again only when
// a rebuild changed them, so a page request costs one stat, not a read.
import fs from 'node:fs';

/**
 * `read()` made again only when `watched` (a file, or a folder whose files a rebuild replaces)
 * has a new mtime; null while `watched` does not exist (not built yet).
 */
export function whenBuilt<T>(watched: string, read: () => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(watched).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: read() };
    return cached.value;
  };
}
