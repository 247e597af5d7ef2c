/**
 * The shared harness of the HTTP tests: a mock server on a free port without the sample catalog (so
 * data is exact) and a small client that returns status, parsed JSON and text.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createMockServer, silentLogger, type MockServer, type MockServerOptions } from '../index.js';

/** The three address forms of the metadata-store API. */
export const ADDRESS_FORMS = ['/api/gms', '/gms', ''] as const;

export const DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.orders,PROD)';
export const OTHER_DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:kafka,events,PROD)';
export const USER = 'urn:svc:corpuser:jdoe';

export function startServer(options: MockServerOptions = {}): Promise<MockServer> {
  return createMockServer({ port: 0, sample: false, logger: silentLogger, ...options });
}

/**
 * One server shared by the tests of the enclosing describe (or file): started before the first test,
 * closed after the last. It exists only once the tests run, hence the function to read it.
 */
export function serverForTests(options: MockServerOptions = {}): () => MockServer {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('the server of these tests has not started');
    return server;
  };
}

/** A server of its own for one test, closed whatever the test does. */
export async function withServer(
  options: MockServerOptions,
  use: (server: MockServer) => Promise<void>,
): Promise<void> {
  const server = await startServer(options);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

export async function call(
  server: MockServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(server.url + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function proposal(
  urn: string,
  aspectName: string,
  value: unknown,
  extra: Record<string, unknown> = {},
): { proposal: Record<string, unknown> } {
  return {
    proposal: {
      entityType: urn.split(':')[2],
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
      ...extra,
    },
  };
}

export async function ingest(
  server: MockServer,
  urn: string,
  aspectName: string,
  value: unknown,
  token?: string,
): Promise<Reply> {
  const reply = await call(server, 'POST', '/aspects?action=ingestProposal', {
    body: proposal(urn, aspectName, value),
    ...(token ? { token } : {}),
  });
  if (reply.status !== 200) throw new Error(`ingest ${aspectName} of ${urn}: ${reply.status} ${reply.text}`);
  return reply;
}

export async function digest(server: MockServer): Promise<string> {
  return (await call(server, 'GET', '/__mock/snapshot')).json.digest as string;
}

export interface PipelinedRequest {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Sends the requests on one connection in one write, so that the server reads them all in one tick
 * of its event loop (HTTP/1.1 pipelining); the answers in order, each with its status and JSON body.
 */
export async function pipelined(
  url: string,
  requests: readonly PipelinedRequest[],
): Promise<{ status: number; json: any }[]> {
  const { hostname, port } = new URL(url);
  const text = requests
    .map(({ method, path, body }, i) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const close = i === requests.length - 1 ? 'Connection: close\r\n' : '';
      return `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n${close}\r\n${payload}`;
    })
    .join('');
  const socket = connect(Number(port), hostname);
  socket.end(text);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const received = Buffer.concat(chunks);
  const answers: { status: number; json: any }[] = [];
  let at = 0;
  while (at < received.length) {
    const headEnd = received.indexOf('\r\n\r\n', at);
    const head = received.subarray(at, headEnd).toString();
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    if (!Number.isInteger(length)) throw new Error(`an answer without Content-Length: ${head}`);
    const body = received.subarray(headEnd + 4, headEnd + 4 + length).toString();
    answers.push({ status: Number(head.split(' ')[1]), json: body ? JSON.parse(body) : undefined });
    at = headEnd + 4 + length;
  }
  return answers;
}
