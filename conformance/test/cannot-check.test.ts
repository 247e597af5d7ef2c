/**
 * "Cannot check" is not "fails": against a target that is not a reachable metadata catalog service
 * (a closed port, a static file server, a server that answers 404 to everything, a service that
 * refuses the token) `catalog-contract conformance` says so in one line naming the URL and exits 3,
 * before running any check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
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
  let closedPortUrl: string;
  let staticUrl: string;
  let notFoundUrl: string;
  const site = mkdtempSync(join(tmpdir(), 'static-site-'));

  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger, auth: 'all' });
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
  });

  afterAll(async () => {
    await mock.close();
    await Promise.all(servers.map(close));
    rmSync(site, { recursive: true, force: true });
  });

  it('a closed port: connection refused, naming the URL', async () => {
    const { code, out, err } = await runCli(['--base-url', closedPortUrl]);
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err.split('\n').length).toBeLessThanOrEqual(3);
    expect(err).toContain(`cannot check ${closedPortUrl}: GET ${closedPortUrl}/api/gms/entitiesV2/`);
    expect(err).toContain('connection refused');
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
});
