/**
 * The single write's ceiling server (bare-writes.ts): replays the record (argv[2]) up to its writes
 * into a new in-memory database, then answers each POST with the next recorded write by bare
 * better-sqlite3, after reading the body and parsing it and its aspect value as JSON, and sends the
 * mock's answer (the proposal's URN). The writes are replayed in the transactions the mock ran them
 * in: a POST runs its write's own calls (its outermost savepoint), opening the next recorded
 * transaction first when none is open; once a transaction's writes are all run, the rest of it (the
 * derived rows, the COMMIT) runs at the end of the tick of the event loop, or before the next write
 * needs the next transaction, and its answers are sent. Nothing else runs per request.
 */
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

type Call = [statement: Statement, method: string, args: unknown[]];

const db = new BetterSqlite3(':memory:');
const statements: Statement[] = [];
// A pragma the store sets through db.pragma() was called with get or all, which only pragma() may do on a statement that returns no rows.
const call = ([statement, method, args]: Call): void => {
  const result = (statement as unknown as Record<string, (...a: unknown[]) => unknown>)[
    statement.reader ? method : 'run'
  ]!.apply(statement, args);
  if (method === 'iterate') for (const _ of result as Iterable<unknown>);
};

/** A recorded transaction: its opening calls, each write's own calls, and the rest up to its COMMIT. */
interface RecordedTransaction {
  opening: Call[];
  writes: Call[][];
  rest: Call[];
}

const transactions: RecordedTransaction[] = [];
let open: RecordedTransaction | undefined;
let timed = false;
// Depth of BEGIN and of savepoints: a write is a savepoint opened at depth 1 (in the transaction), up to its RELEASE.
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
    const sql = next[0].source;
    if (sql === 'BEGIN') {
      if (depth !== 0) throw new Error('a BEGIN inside a transaction in the record');
      open = { opening: [next], writes: [], rest: [] };
      depth = 1;
      continue;
    }
    if (!open) throw new Error(`a call outside any transaction in the record: ${sql}`);
    if (sql.startsWith('SAVEPOINT')) {
      if (depth === 1) open.writes.push([]);
      depth++;
    }
    if (depth > 1) open.writes.at(-1)!.push(next);
    else open.rest.push(next);
    if (sql.startsWith('RELEASE')) depth--;
    else if (sql === 'COMMIT') {
      if (open.writes.length === 0) throw new Error('a recorded transaction without a write');
      transactions.push(open);
      open = undefined;
      depth = 0;
    }
  }
}

/** The open transaction being replayed, the number of its writes taken, and the answers waiting for its COMMIT. */
let replaying: { transaction: RecordedTransaction; taken: number; answers: (() => void)[] } | undefined;
let next = 0;
const writeCount = transactions.reduce((n, t) => n + t.writes.length, 0);

const finish = (): void => {
  if (!replaying || replaying.taken < replaying.transaction.writes.length) return;
  for (const recorded of replaying.transaction.rest) call(recorded);
  const { answers } = replaying;
  replaying = undefined;
  for (const send of answers) send();
};

/** Runs the next recorded write; false when there is none left. */
const runWrite = (send: () => void): boolean => {
  finish();
  if (!replaying) {
    const transaction = transactions[next++];
    if (!transaction) return false;
    for (const recorded of transaction.opening) call(recorded);
    replaying = { transaction, taken: 0, answers: [] };
    setImmediate(finish);
  }
  for (const recorded of replaying.transaction.writes[replaying.taken++]!) call(recorded);
  replaying.answers.push(send);
  return true;
};

const server = createServer((req, res) => {
  if (req.method === 'GET') return res.end('{}');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      proposal: { entityUrn: string; aspect: { value: string } };
    };
    JSON.parse(body.proposal.aspect.value);
    const answer = JSON.stringify({ value: body.proposal.entityUrn });
    const ran = runWrite(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
    if (!ran) res.writeHead(503).end('{"message":"no recorded write left"}');
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(
      `bare write server on http://127.0.0.1:${address.port} (${writeCount} recorded writes in ${transactions.length} transactions)`,
    );
});
