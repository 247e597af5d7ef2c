/**
 * The single write's ceiling server (bare-writes.ts): replays the record (argv[2]) up to its writes
 * into a new in-memory database, then answers each POST with the next recorded write (the calls up
 * to and including its transaction's COMMIT) by bare better-sqlite3, after reading the body and
 * parsing it and its aspect value as JSON, and sends the mock's answer (the proposal's URN). Nothing
 * else runs per request.
 */
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

type Call = [statement: Statement, method: string, args: unknown[]];

const db = new BetterSqlite3(':memory:');
const statements: Statement[] = [];
// A pragma the store sets through db.pragma() was called with get or all, which only pragma() may do on a statement that returns no rows.
const call = ([statement, method, args]: Call): void => {
  const result = (statement as unknown as Record<string, (...a: unknown[]) => unknown>)[statement.reader ? method : 'run']!.apply(statement, args);
  if (method === 'iterate') for (const _ of result as Iterable<unknown>);
};

const writes: Call[][] = [];
let write: Call[] = [];
let timed = false;
let depth = 0;
for (const text of readFileSync(process.argv[2]!, 'utf8').split('\n')) {
  if (text === '') continue;
  const line = JSON.parse(text) as unknown[];
  if (line[0] === 'sql') statements[line[1] as number] = db.prepare(line[2] as string);
  else if (line[0] === 'exec') db.exec(line[1] as string);
  else if (line[0] === 'writes') timed = true;
  else {
    const next: Call = [statements[line[0] as number]!, line[1] as string, line[2] as unknown[]];
    if (!timed) {
      call(next);
      continue;
    }
    write.push(next);
    const sql = next[0].source;
    if (sql === 'BEGIN') depth++;
    else if ((sql === 'COMMIT' || sql === 'ROLLBACK') && --depth === 0) {
      writes.push(write);
      write = [];
    }
  }
}

let served = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET') return res.end('{}');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { proposal: { entityUrn: string; aspect: { value: string } } };
    JSON.parse(body.proposal.aspect.value);
    const next = writes[served++];
    if (!next) {
      res.writeHead(503).end('{"message":"no recorded write left"}');
      return;
    }
    for (const recorded of next) call(recorded);
    const answer = JSON.stringify({ value: body.proposal.entityUrn });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`bare write server on http://127.0.0.1:${address.port} (${writes.length} recorded writes)`);
});
