// runScript as a script meets it: a real Node process, whose event loop empties when an awaited
// promise is kept alive by nothing (the trap that let `npm run seed` exit 0 half-way).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const core = path.resolve(__dirname, '..');

/** Runs a script body (`runScript` in scope) in its own Node process through tsx. */
function runNode(body: string) {
  const source = `const { runScript } = require('./src/script.ts');\n${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--eval', source], { cwd: core, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('runScript', () => {
  it('when every stage finishes, exits 0 after the last one ran', () => {
    const run = runNode(`runScript('the demo', async ({ stage }) => {
      stage('counting');
      await new Promise((resolve) => setTimeout(resolve, 10));
      console.log('all counted');
    });`);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toContain('all counted');
  });

  it("when a stage awaits an unref'd timer, exits 1 naming that stage instead of exiting 0 half-way", () => {
    const run = runNode(`runScript('the demo', async ({ stage }) => {
      stage('waiting for scores');
      await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
      console.log('never printed');
    });`);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('never printed');
    expect(run.stderr).toContain('the demo stopped before it finished, while waiting for scores');
  });

  it('when a stage throws, exits 1 with the stage and the error', () => {
    const run = runNode(`runScript('the demo', async ({ stage }) => {
      stage('writing members');
      throw new Error('the database went away');
    });`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the demo failed while writing members: Error: the database went away');
  });
});
