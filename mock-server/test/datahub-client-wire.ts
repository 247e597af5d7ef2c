/**
 * Requests exactly as DataHub's own clients put them on the wire, read from their source (the
 * clients cannot be installed here): headers, body text and method, sent with node's http so that
 * no header is added or dropped by a fetch implementation.
 *
 * - Python `DataHubRestEmitter` (and `DataHubGraph`, which extends it):
 *   `metadata-ingestion/src/datahub/emitter/rest_emitter.py`, commit 008277cc3ae79c37e1abe87eae95426a92f03b68
 *   (session headers in `RequestsSessionConfig.build_session` and `__init__`; bodies in `emit_mce`,
 *   `emit_mcp`, `_emit_restli_mcps`, `emit_usage`; `json.dumps` of objects passed through
 *   `pre_json_transform`, which drops `None` and the `pegasus2avro.` record namespace).
 * - Java `RestEmitter`: `metadata-integration/java/datahub-client/src/main/java/datahub/client/rest/RestEmitter.java`,
 *   commit 047b1901ff85a637825469234f37f1fa5a20e861 (`postGeneric`, `getGeneric`, `testConnection`).
 */
import { request } from 'node:http';
import type { MockServer } from '../index.js';

export interface WireReply {
  status: number;
  text: string;
  json: any;
}

/** The Python client's session headers (requests adds Accept, Accept-Encoding and Connection itself). */
export function pythonHeaders(token?: string): Record<string, string> {
  return {
    'User-Agent': 'DataHub-Client/1.0 (sdk; sdk/unknown; 1.2.0) python-requests/2.32.3',
    'X-DataHub-Client-Mode': 'SDK',
    'X-DataHub-Py-Cli-Version': '1.2.0',
    'X-RestLi-Protocol-Version': '2.0.0',
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip, deflate',
    Accept: '*/*',
    Connection: 'keep-alive',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** The Java emitter's headers; its Host header is a fixed value in upstream's source. */
export function javaHeaders(token?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-RestLi-Protocol-Version': '2.0.0',
    Accept: 'application/json',
    Host: 'sangam.datahub-gms.dsp.io',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** The system metadata `ensure_has_system_metadata` gives every Python emission without any. */
export function pythonSystemMetadata(now = Date.now()): Record<string, unknown> {
  return {
    lastObserved: now,
    runId: 'no-run-id-provided',
    lastRunId: 'no-run-id-provided',
    properties: { clientId: 'acryl-datahub', clientVersion: '1.2.0' },
  };
}

/** Sends one request; `path` includes the address form and the query. */
export function send(
  server: MockServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<WireReply> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
