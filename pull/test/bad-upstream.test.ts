/**
 * `catalog-contract pull` against an upstream that is not a usable deployment: a server of the test's
 * own that stays silent, trickles, sends garbage, JSON of the wrong shape, an empty answer, an
 * oversized body or a redirect to another origin. Each makes the pull exit 1 with one line naming the
 * request and the cause, and leaves no seed file behind (`--timeout-ms` is small, so a silent server
 * costs little; nothing is timed: the exit code and the message prove it). A same-origin redirect is
 * followed. Killed while it writes a large seed file, the pull leaves the previous one as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { fixtureServers, runPullCommand as pull, TAG_ENTITY as ENTITY, TAG_URN as URN } from './fixture-deployment.js';

const dir = mkdtempSync(join(tmpdir(), 'pull-bad-upstream-'));
const servers = fixtureServers();
/** Requests the other origin received (a cross-origin redirect must send none there). */
let otherOriginRequests = 0;
let upstream: string;
let otherOrigin: string;
/** An entity whose one aspect holds 8 MB of text: its seed file takes a while to write. */
const LARGE_ENTITY = JSON.stringify({
  urn: URN,
  entityName: 'tag',
  aspects: {
    tagKey: { name: 'tagKey', type: 'VERSIONED', version: 0, value: { name: 'x'.repeat(8_000_000) }, created: {} },
  },
});

/** Writes 1 MiB chunks as fast as the client reads them, until it hangs up. */
function endless(res: ServerResponse): void {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const more = (): void => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on('drain', more);
  more();
}

/** What each kind of bad upstream answers, chosen by the first segment of the path (the `--from` address). */
const BEHAVIOURS: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  silent: () => {},
  large: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(LARGE_ENTITY),
  trickle: (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(timer));
  },
  garbage: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>'),
  'wrong-shape': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[{"urn": 1}]'),
  empty: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(),
  'declared-huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
    res.write('{');
  },
  huge: (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    endless(res);
  },
  'cross-origin': (req, res) =>
    res.writeHead(302, { location: `${otherOrigin}${req.url?.replace(/^\/[^/]+/, '')}` }).end(),
  'same-origin': (req, res) => res.writeHead(307, { location: req.url?.replace(/^\/same-origin/, '/ok') }).end(),
  ok: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(ENTITY),
};

beforeAll(async () => {
  upstream = await servers.listen((req, res) => BEHAVIOURS[(req.url ?? '/').split('/')[1] ?? '']?.(req, res));
  otherOrigin = await servers.listen((_req, res) => {
    otherOriginRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(ENTITY);
  });
});
afterAll(async () => {
  await servers.close();
  rmSync(dir, { recursive: true, force: true });
});

const pullFrom = (kind: string, out: string, timeoutMs = 300): string[] => [
  '--from',
  `${upstream}/${kind}`,
  '--namespace',
  'li',
  '--out',
  out,
  '--urn',
  URN,
  '--timeout-ms',
  String(timeoutMs),
];

describe('pull from a bad upstream', () => {
  it.each([
    ['silent', /GET \S+\/silent\/entitiesV2\/\S+: no complete answer within 300 ms \(the time limit, --timeout-ms\)$/],
    ['trickle', /GET \S+\/trickle\/entitiesV2\/\S+: no complete answer within 300 ms/],
    ['garbage', /GET \S+\/garbage\/entitiesV2\/\S+ answered 200 with a body that is not JSON: <html>oops<\/html>$/],
    ['wrong-shape', /GET \S+ answered 200 with JSON that is not an entity \(\{urn, aspects: .*\}\): \[\{"urn": 1\}\]$/],
    ['empty', /GET \S+\/empty\/entitiesV2\/\S+ answered 200 with an empty body$/],
    ['declared-huge', /GET \S+: the response is larger than 64 MiB, the limit on a response's size$/],
    ['huge', /GET \S+\/huge\/entitiesV2\/\S+: the response is larger than 64 MiB/],
    ['cross-origin', /GET \S+: redirected \(302\) to another origin, http:\/\/127\.0\.0\.1:\d+: not followed$/],
  ])('%s: exit code 1, one line naming the request and the cause, no seed file', async (kind, cause) => {
    const out = join(dir, `${kind}.json`);
    // Only the size limit may stop the endless body: the time limit is the default there.
    const { code, err } = await pull(pullFrom(kind, out, kind === 'huge' ? 10_000 : 300));
    expect(code, err).toBe(1);
    const lines = err.split('\n').filter((line) => line.startsWith('catalog-contract pull:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(cause);
    expect(existsSync(out)).toBe(false);
  });

  it('sends nothing to the other origin a redirect names', () => {
    expect(otherOriginRequests).toBe(0);
  });

  it('follows a redirect on the same origin', async () => {
    const out = join(dir, 'same-origin.json');
    const { code, err } = await pull(pullFrom('same-origin', out));
    expect(code, err).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([
      expect.objectContaining({ entityUrn: URN, aspectName: 'tagKey', aspect: { json: { name: 'Tier1' } } }),
    ]);
  });

  it('refuses a --timeout-ms no timer holds, naming the option', async () => {
    for (const value of ['0', '2147483648', '1.5']) {
      const { code, err } = await pull([...pullFrom('ok', join(dir, 'x.json')).slice(0, -1), value]);
      expect(code).toBe(2);
      expect(err.trim().split('\n').at(-1)).toContain(
        `--timeout-ms '${value}': expected a whole number of milliseconds`,
      );
    }
  });

  it('killed while it writes the seed file, leaves the previous one as it was', async () => {
    const folder = join(dir, 'killed');
    mkdirSync(folder);
    const out = join(folder, 'slice.json');
    const previous = `[\n${JSON.stringify({ entityType: 'tag', entityUrn: URN, changeType: 'UPSERT', aspectName: 'tagKey', aspect: { json: { name: 'Tier1' } } })}\n]\n`;
    writeFileSync(out, previous);
    // The first change in the folder is the start of the write: the pull is killed then, mid-write.
    const writing = new Promise<void>((resolve) => {
      const watcher = watch(folder, () => {
        watcher.close();
        resolve();
      });
    });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), 'pull', ...pullFrom('large', out).slice(0, -2)],
      { cwd: fromRoot(), stdio: 'ignore' },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await writing;
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(readFileSync(out, 'utf8')).toBe(previous);
  });
});
