// /api/health throughput and latency through the whole gateway (helmet, request id, session and
// origin middleware, a `SELECT 1` on SQLite), as a ratio to a bare node:http server answering the
// same bytes, both measured in this run on this machine with the same autocannon settings.
import { BENCH_OTP_SECRET, captureResponse, measure, round, startBareServer, startGateway, temporarySqlite } from './support/servers.mjs';

export const title = 'API: /api/health through the gateway';
export const notes = `
Each server runs in its own process; autocannon (${'`'}BENCH_CONNECTIONS${'`'} connections, default 50,
for ${'`'}BENCH_DURATION${'`'} seconds, default 10, after a 2 s warm-up) loads it from the bench process.
The baseline is a bare ${'`'}node:http${'`'} server returning the bytes the gateway answered (same body and headers).
The gateway runs with ${'`'}NODE_ENV=production${'`'} on a fresh SQLite file, every request checking the database
(concurrent checks share one query). For scale, \`gateway.express-floor\` (the gateway module) measures an
Express 5 app with one handler against the same kind of baseline: what Express alone leaves of bare node:http
on this machine.
`;

export default async function run({ root, tmpDir, log }) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const database = temporarySqlite(tmpDir, 'api-health');
  const servers = [];
  try {
    const gateway = await startGateway({ root, env: { NODE_ENV: 'production', OTP_SECRET: BENCH_OTP_SECRET, DATABASE_URL: database.url } });
    servers.push(gateway);
    const url = `${gateway.url}/api/health`;
    const bare = await startBareServer(await captureResponse(url));
    servers.push(bare);

    const baseline = await measure('bare node:http', `${bare.url}/api/health`, { connections, log });
    await bare.stop();
    const measured = await measure('gateway', url, { connections, log });

    return [
      { name: 'api-health.throughput', value: measured.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(measured.rps / baseline.rps), goal: 'ratio >= 0.1' },
      { name: 'api-health.latency-p99', value: measured.p99, unit: 'ms', baseline: baseline.p99, ratio: round(measured.p99 / Math.max(baseline.p99, 1)), goal: '<= 100 ms' },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  }
}
