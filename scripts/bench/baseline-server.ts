/**
 * The baseline of the read benchmarks: node's own HTTP server sending fixed bytes (argv[2]) as
 * JSON on every GET, with nothing computed per request: the fastest a node server can answer.
 */
import { createServer } from 'node:http';

const body = Buffer.from(process.argv[2] ?? '{}');
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`baseline on http://127.0.0.1:${address.port}`);
});
