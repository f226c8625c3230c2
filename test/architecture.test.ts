// The boundaries of docs/architecture.md are ESLint rules; these stories prove each rule
// really fails the build when crossed (a rule that never fires would protect nothing).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

// ESLint runs in its own process: its ESM config cannot be imported inside jest's module sandbox.
async function problemsIn(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', file], { cwd: root, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('architecture boundaries', () => {
  it('refuses a remote importing another remote', async () => {
    const problems = await problemsIn('mf-vouches/src/probe.ts', "import '../../mf-auth/src/bootstrap';\nimport '@vouch/mf-network';\n");
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/never imports another remote/);
  });

  it('refuses a remote importing a service or the gateway', async () => {
    const problems = await problemsIn('mf-network/src/probe.ts', "import '@vouch/service-network';\nimport '../../api-gateway/src/app';\n");
    expect(problems).toHaveLength(2);
    expect(problems.join()).toMatch(/never imports server code/);
  });

  it('refuses Chakra, the router or react-query outside their wrapper packages', async () => {
    const problems = await problemsIn('shell/src/probe.tsx', "import '@chakra-ui/react';\nimport 'react-router-dom';\nimport '@tanstack/react-query';\n");
    expect(problems).toHaveLength(3);
  });

  it("refuses a service reaching into another service's files", async () => {
    const problems = await problemsIn('services/vouches/src/probe.ts', "import '@vouch/service-auth/src/data-access/models';\nimport '../../auth/src/domain/otp';\n");
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/only through its public module/);
  });

  it("allows a service to use another service's public module", async () => {
    expect(await problemsIn('services/vouches/src/probe.ts', "import '@vouch/service-auth';\n")).toEqual([]);
  });
});
