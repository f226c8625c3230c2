// `node without-first-screen.mjs <port> <gateway url>`: the gateway's site as it was before pages
// carried their first screen (issue 17), for the Lighthouse bench's same-run comparison. Proxies
// every request; from an HTML page it removes the first screen, its stylesheet and the preloaded
// API read (api-gateway/src/first-screen.ts, pages.ts), and sends it brotli-compressed as the gateway would.
import http from 'node:http';
import zlib from 'node:zlib';

const [port, target] = process.argv.slice(2);
const FIRST_SCREEN = /<style>#first-screen[\s\S]*?<\/style>|<div id="first-screen">[\s\S]*?(?=<div id=["']?root)|<link rel="preload" as="fetch" crossorigin="use-credentials"[^>]*>/g;

http
  .createServer((req, res) => {
    const page = (req.headers.accept ?? '').includes('text/html');
    const headers = { ...req.headers, host: new URL(target).host, ...(page ? { 'accept-encoding': 'identity' } : {}) };
    const upstream = http.request(new URL(req.url, target), { method: req.method, headers }, (answer) => {
      if (!page || !String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.from(Buffer.concat(chunks).toString('utf8').replace(FIRST_SCREEN, ''));
        const out = { ...answer.headers };
        if (/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
          body = zlib.brotliCompressSync(body);
          out['content-encoding'] = 'br';
        }
        out['content-length'] = String(body.length);
        res.writeHead(answer.statusCode, out);
        res.end(body);
      });
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  })
  .listen(Number(port), '127.0.0.1');
