/**
 * The least a Node.js hop can do: node:http in front, an undici pool of kept-alive connections to one
 * service behind, the request's headers passed on and the answer read whole and written back, nothing else (no
 * session, no identity, no security headers, no metrics or logs). Beside nginx in the bench's "added
 * p50", it shows how much of the gateway's hop is Node's own HTTP on this machine rather than the
 * gateway's work. It is a peer, not a product, and has no tests of its own.
 *
 *   PORT=8122 UPSTREAM=http://127.0.0.1:8112 node bench/peers/node-proxy.ts
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';

const port = Number(process.env.PORT ?? 8122);
const upstream = process.env.UPSTREAM ?? 'http://127.0.0.1:8112';
const pool = new Pool(upstream);
// Headers a proxy must not pass on (RFC 9110 §7.6.1), as the gateway drops them.
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

const server = createServer((request, response) => {
  if (request.url === '/healthz') {
    response.end('ok');
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP.has(name)) headers[name] = value;
  }
  pool
    .request({ method: 'GET', path: request.url ?? '/', headers })
    .then(async ({ statusCode, headers: answer, body }) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer)) {
        if (value !== undefined && !HOP.has(name)) out[name] = value;
      }
      // Read whole and written with its headers at once, as the gateway writes a small answer.
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      response.writeHead(statusCode, out);
      response.end(Buffer.concat(chunks));
    })
    .catch(() => {
      response.statusCode = 502;
      response.end();
    });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');
