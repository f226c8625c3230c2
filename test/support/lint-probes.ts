/**
 * Lints probe files that are never written: each `code` as if it stood at `file` (relative to the
 * repository), with the project's own ESLint config. ESLint runs in its own process: its ESM
 * config cannot be imported inside jest's module sandbox. One list of messages per probe, in order.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface LintMessage {
  ruleId: string | null;
  message: string;
}

const root = path.resolve(__dirname, '..', '..');

const RUNNER = `
  import { ESLint } from 'eslint';
  import path from 'node:path';
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const eslint = new ESLint({ cwd: process.cwd() });
  const out = [];
  for (const { file, code } of JSON.parse(input)) {
    const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
    out.push((result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message })));
  }
  process.stdout.write(JSON.stringify(out));`;

export function lintProbes(probes: readonly { file: string; code: string }[]): LintMessage[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', RUNNER], { cwd: root, input: JSON.stringify(probes), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ESLint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintMessage[][];
}
