// `npm run build -w @vouch/api-client`: the TypeScript types of the API document (openapi.json:
// what GET /api/openapi.json serves, committed beside package.json), for openapi-fetch.
// `--check`: write nothing; exit 1 when src/schema.d.ts differs from what the document generates.
import fs from 'node:fs';
import path from 'node:path';
import { generateSchema, PACKAGE_DIR } from './generate-schema';

const file = path.join(PACKAGE_DIR, 'src', 'schema.d.ts');
const check = process.argv.includes('--check');
generateSchema().then(
  ({ document, types }) => {
    if (check) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (current !== types) {
        console.error('[api-client] src/schema.d.ts is out of date: run `npm run build -w @vouch/api-client`.');
        process.exitCode = 1;
      }
      return;
    }
    fs.writeFileSync(file, types);
    console.log(`[api-client] wrote src/schema.d.ts (${Object.keys(document.paths ?? {}).length} paths)`);
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
