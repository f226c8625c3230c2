import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the shell's build (shell/dist/index.html) in a temporary root, made before the
 * suite's tests and removed after them, so the gateway serves pages as it does with a real build.
 * Returns the root to pass as createApp's `rootDir` (read it inside tests and hooks).
 */
export function useShellBuild(indexHtml: string): () => string {
  let rootDir: string | undefined;
  beforeAll(() => {
    rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-shell-'));
    fs.mkdirSync(path.join(rootDir, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(rootDir, 'shell', 'dist', 'index.html'), indexHtml);
  });
  afterAll(() => {
    if (rootDir) fs.rmSync(rootDir, { recursive: true, force: true });
  });
  return () => {
    if (!rootDir) throw new Error('The shell build exists only inside tests and hooks.');
    return rootDir;
  };
}
