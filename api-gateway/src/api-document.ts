// `npm run -s api-document -w @vouch/api-gateway > packages/api-client/openapi.json`: the API
// document GET /api/openapi.json serves, as the JSON the API client's build reads (the client
// depends on nothing in this repository, so the document travels as a committed file).
import { allServices, buildOpenApiDocument } from '.';

process.stdout.write(`${JSON.stringify(buildOpenApiDocument(allServices), null, 2)}\n`);
