/**
 * A deployment of a test's own, for the pull's tests: node:http servers on port 0 answering as the test
 * says (closed together at the end), the tag entitiesV2 answers with, and `catalog-contract pull` run in
 * process with what it writes on stderr kept.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { runPull } from '../../bin/pull.js';

export const TAG_URN = 'urn:li:tag:Tier1';
/** An entity as entitiesV2 answers it: a tag with its key aspect. */
export const TAG_ENTITY = JSON.stringify({
  urn: TAG_URN,
  entityName: 'tag',
  aspects: { tagKey: { name: 'tagKey', type: 'VERSIONED', version: 0, value: { name: 'Tier1' }, created: {} } },
});

export interface FixtureServers {
  /** Starts a server on 127.0.0.1, port 0; resolves with its base URL. */
  listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string>;
  /** Closes every server started, with its connections. */
  close(): Promise<void>;
}

export function fixtureServers(): FixtureServers {
  const servers: Server[] = [];
  return {
    listen(handler) {
      const server = createServer(handler);
      servers.push(server);
      return new Promise((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      );
    },
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => {}),
  };
}

/** `catalog-contract pull` with these arguments: its exit code and everything it wrote on stderr. */
export async function runPullCommand(argv: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  const write = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
  try {
    return { code: await runPull(argv), err: err.join('\n') };
  } finally {
    error.mockRestore();
    write.mockRestore();
  }
}
