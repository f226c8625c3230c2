// jest globalTeardown (jest.preset.cjs): drops this run's template databases and files
// (api-gateway/test/support/migrated-copies.ts). A later project's teardown finds nothing left.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
  const run = process.env.VOUCH_TEST_RUN;
  if (!run) return;
  for (const file of fs.readdirSync(os.tmpdir())) if (file.startsWith(`vouch-test-template-${run}_`)) fs.rmSync(path.join(os.tmpdir(), file), { force: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const mysql = require('mysql2/promise');
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/';
  const connection = await mysql.createConnection(url.toString());
  try {
    const [rows] = await connection.query('SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?', [`vouch\\_tpl\\_${run}\\_%`]);
    for (const { name } of rows) await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
};
