// Command-line scripts (`npm run seed`, workers) run to their end or say why they did not.
// Node exits with code 0 as soon as its event loop has nothing left to do, even while `main`
// is still awaiting a promise that nothing keeps alive (an unref'd timer, a forgotten
// callback): the steps after that await silently never run. A test runner keeps the loop
// alive, so only the script itself notices.

export interface ScriptProgress {
  /** Names what the script is doing now, for the sentence printed when it stops there. */
  stage(what: string): void;
}

export interface RunScriptOptions {
  /** Where failure sentences go (default: console.error). */
  report?: (line: string) => void;
}

/**
 * Runs `main` as the whole of a command-line script named `name`. Exits 1 with a sentence
 * naming the stage when `main` throws, or when Node runs out of work while `main` is still
 * waiting (the process would otherwise exit 0 half-way). On success the exit code is left to
 * Node (0), so open handles still finish; `main` should close what it opened.
 */
export function runScript(name: string, main: (progress: ScriptProgress) => Promise<void>, options: RunScriptOptions = {}): void {
  const report = options.report ?? ((line: string) => console.error(line));
  let stage = 'starting';
  let settled = false;
  const onBeforeExit = () => {
    if (settled) return;
    report(
      `${name} stopped before it finished, while ${stage}: Node had nothing left to run, yet the script was still waiting for something that can never happen (an awaited promise nothing keeps alive, such as an unref'd timer). The stages after this one did not run.`,
    );
    process.exit(1);
  };
  process.on('beforeExit', onBeforeExit);
  main({ stage: (what) => (stage = what) }).then(
    () => {
      settled = true;
      process.off('beforeExit', onBeforeExit);
    },
    (error: unknown) => {
      settled = true;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      report(`${name} failed while ${stage}: ${detail}`);
      process.exit(1);
    },
  );
}
