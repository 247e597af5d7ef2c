/**
 * "Cannot check" is not "fails": against a target that is not a reachable metadata catalog service
 * (a closed port, a static file server, a server that answers 404 to everything, a service that
 * refuses the token; one that never answers within --timeout-ms, answers more than the size limit or
 * redirects to another origin) `catalog-contract conformance` says so in one line naming the URL and
 * exits 3, before running any check.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import type { Report } from '../runner.js';
import { runCli } from './run-cli.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

describe('conformance exits 3 when it cannot check the target', () => {
  const servers: Server[] = [];
  let mock: MockServer;
  let liMock: MockServer;
  let closedPortUrl: string;
  let staticUrl: string;
  let notFoundUrl: string;
  let silentUrl: string;
  let hugeUrl: string;
  let redirectingUrl: string;
  const site = mkdtempSync(join(tmpdir(), 'static-site-'));

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger, auth: 'all' });
    // A DataHub-like target: urn:li: names, the bare prefix only.
    liMock = await createMockServer({ port: 0, logger: silentLogger, namespace: 'li', profile: 'upstream' });
    const closed = createServer();
    closedPortUrl = await listen(closed);
    await close(closed);
    // What `python3 -m http.server` or any static web server is: files, HTML 404 pages.
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>files</title><p>files</p>');
    const files = createServer(express().use(express.static(site)));
    servers.push(files);
    staticUrl = await listen(files);
    const nothing = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    servers.push(nothing);
    notFoundUrl = await listen(nothing);
    const silent = createServer(() => {});
    servers.push(silent);
    silentUrl = await listen(silent);
    const huge = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
      res.write('{');
    });
    servers.push(huge);
    hugeUrl = await listen(huge);
    // The service's own addresses, sent on to another origin (the mock's port): not followed.
    const redirecting = createServer((req, res) => res.writeHead(302, { location: `${mock.url}${req.url}` }).end());
    servers.push(redirecting);
    redirectingUrl = await listen(redirecting);
  });

  afterAll(async () => {
    await mock.close();
    await liMock.close();
    await Promise.all(servers.map(close));
    rmSync(site, { recursive: true, force: true });
  });

  it('a closed port: connection refused, naming the URL, and both reports hold one failed case saying so', async () => {
    const json = join(site, 'reports', 'cannot.json');
    const junit = join(site, 'reports', 'cannot.xml');
    const { code, out, err } = await runCli(['--base-url', closedPortUrl, '--json', json, '--junit', junit]);
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err.split('\n').length).toBeLessThanOrEqual(3);
    expect(err).toContain(`cannot check ${closedPortUrl}: GET ${closedPortUrl}/api/gms/entitiesV2/`);
    expect(err).toContain('connection refused');
    // A CI publisher finds a report whose one failure is the cause, not "no report found".
    const cause = err.replace(/^catalog-contract conformance: /, '');
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report).toMatchObject({ ok: false, interrupted: false, baseUrl: closedPortUrl });
    expect(report.checks).toEqual([
      {
        id: 'run.preflight',
        clause: 'run: the target answers as the service',
        section: 'run',
        status: 'failed',
        message: cause,
        durationMs: 0,
      },
    ]);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="catalog-contract conformance" tests="1" failures="1" /);
    expect(xml).toContain('<testcase name="run.preflight" classname="conformance.run the run itself"');
    expect(xml).toContain(`<failure message="${cause}"`);
  });

  it('a static file server: not the service, never a pass', async () => {
    const { code, out, err } = await runCli(['--base-url', staticUrl, '--only', 'transport']);
    expect(code).toBe(3);
    expect(out).not.toContain('passed');
    expect(err).toMatch(
      new RegExp(
        `cannot check ${staticUrl}: GET \\S+ answers 404 with an HTML page: it answers, but not as the metadata catalog service`,
      ),
    );
  });

  it('a server that answers 404 to everything: wrong base URL or prefix', async () => {
    const { code, err } = await runCli(['--base-url', notFoundUrl, '--prefix', '/gms']);
    expect(code).toBe(3);
    expect(err).toContain(`GET ${notFoundUrl}/gms/entitiesV2/`);
    expect(err).toContain('is the --base-url or the --prefix wrong?');
  });

  it('the service with a GraphQL URL that is not GraphQL', async () => {
    const { code, err } = await runCli([
      '--base-url',
      mock.url,
      '--token',
      'admin-token',
      '--graphql-url',
      `${notFoundUrl}/api/graphql`,
    ]);
    expect(code).toBe(3);
    expect(err).toContain(
      `POST ${notFoundUrl}/api/graphql answers 404 with a body that is not JSON: not a GraphQL endpoint`,
    );
  });

  it('a server that never answers: no answer within --timeout-ms', async () => {
    const { code, err } = await runCli(['--base-url', silentUrl, '--timeout-ms', '300']);
    expect(code).toBe(3);
    expect(err).toMatch(
      new RegExp(
        `^catalog-contract conformance: cannot check ${silentUrl}: GET \\S+ failed: no complete answer within 300 ms \\(the time limit, --timeout-ms\\)$`,
      ),
    );
  });

  it('a body over the size limit is refused, not read', async () => {
    const { code, err } = await runCli(['--base-url', hugeUrl]);
    expect(code).toBe(3);
    expect(err).toContain("failed: the response is larger than 64 MiB, the limit on a response's size");
  });

  it('a redirect to another origin is not followed', async () => {
    const { code, err } = await runCli(['--base-url', redirectingUrl, '--token', 'admin-token']);
    expect(code).toBe(3);
    expect(err).toContain(`GET ${redirectingUrl}/api/gms/entitiesV2/`);
    expect(err).toContain(`failed: redirected (302) to another origin, ${mock.url}: not followed`);
  });

  it('a service that refuses the token given', async () => {
    const { code, err } = await runCli(['--base-url', mock.url, '--token', 'not-a-token']);
    expect(code).toBe(3);
    expect(err).toContain('refuses the token given with --token (401)');
  });

  it('a service that wants a token on every call, run without one', async () => {
    const { code, err } = await runCli(['--base-url', mock.url]);
    expect(code).toBe(3);
    expect(err).toContain(`POST ${mock.url}/api/graphql asks for a token (401): run with --token T`);
  });

  it.each([
    { given: 'li', target: () => liMock.url, run: [], want: 'urn:li:…, not urn:svc:…: run with --namespace li' },
    {
      given: 'svc',
      target: () => mock.url,
      run: ['--namespace', 'li'],
      want: 'urn:svc:…, not urn:li:…: run with --namespace svc',
    },
  ])(
    'a target naming its entities $given: one line naming the --namespace to run with',
    async ({ target, run, want }) => {
      const { code, out, err } = await runCli(['--base-url', target(), '--token', 'admin-token', ...run]);
      expect(code).toBe(3);
      expect(out).toBe('');
      expect(err).toBe(`catalog-contract conformance: cannot check ${target()}: it names its entities ${want}`);
    },
  );

  it.each([
    { ending: '/api/gms', want: 'an address form the suite adds itself, see --prefix: try --base-url ROOT;' },
    { ending: '/gms/', want: 'an address form the suite adds itself, see --prefix: try --base-url ROOT;' },
    { ending: '/api/graphql', want: 'the GraphQL endpoint: try --base-url ROOT;' },
    { ending: '/api/v2/graphql', want: "the GraphQL endpoint of DataHub's frontend: --base-url is GMS's address" },
    { ending: '/api/graphiql', want: 'the GraphQL explorer page: try --base-url ROOT' },
    { ending: '/openapi', want: "DataHub's OpenAPI paths, which the suite does not check: try --base-url ROOT" },
  ])('a base URL ending in $ending: its own hint', async ({ ending, want }) => {
    const { code, err } = await runCli([
      '--base-url',
      `${liMock.url}${ending}`,
      '--namespace',
      'li',
      '--token',
      'admin-token',
    ]);
    expect(code).toBe(3);
    expect(err.split('\n')).toHaveLength(1);
    expect(err).toContain(`(--base-url ends in ${ending.replace(/\/$/, '')}, ${want.replace('ROOT', liMock.url)}`);
    expect(err).not.toContain('is --graphql-url right?');
  });
});
