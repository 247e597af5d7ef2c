/**
 * Every entry of the upstream payload files in test/fixtures/upstream/, sent as DataHub's own tools
 * send it (see datahub-client-wire.ts for the sources and commits), in each mode:
 * - `emit_mce`: an MCE as `POST /entities?action=ingest` `{entity: {value: {<snapshot>: ...}}, systemMetadata}`;
 *   the MCP entries of the same file go through `emit_mcp`, as the datahub-rest sink does;
 * - `emit_mcp` sync and async: `POST /aspects?action=ingestProposal` `{proposal, async: "false"|"true"}`,
 *   an MCE as one proposal per aspect (the SDK's `mcps_from_mce`);
 * - `emit_mcps`: `POST /aspects?action=ingestProposalBatch` in chunks of 100 (BATCH_INGEST_MAX_PAYLOAD_LENGTH);
 * - the Java `RestEmitter.emit`: `{proposal}` without `async`, with its own headers.
 * Each run starts with the emitter's connection check (`GET /config`). Every aspect then reads back
 * (DataHubGraph.get_aspect: `GET /aspects/{urn}?aspect=&version=0`; time series through
 * getTimeseriesAspectValues) containing what was sent: the documented normalisation is that the mock
 * fills the schema's defaults on write (e.g. `datasetProperties.tags: []`), so a read holds every sent
 * field unchanged and may hold defaulted fields besides (`toMatchObject`).
 *
 * The Avro-JSON MCEs are turned into the JSON the Python SDK sends after its avrogen round trip and
 * `pre_json_transform` (record namespace `pegasus2avro.` dropped, optional-field wrappers unwrapped,
 * nulls dropped, union aliases collapsed), done here by the seed reader's `normaliseAvroJson`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { dropNulls, normaliseAvroJson } from '../../seed/index.js';
import { describeSkip } from '../../ingest/startup-data.js';
import { javaHeaders, pythonHeaders, pythonSystemMetadata, send } from '../datahub-client-wire.js';
import { withServer } from '../http-harness.js';

const FIXTURES = join(fileURLToPath(new URL('..', import.meta.url)), 'fixtures', 'upstream');
const FILES = [
  'bootstrap_mce.json',
  'demo-profiles.json',
  'search_test_data.json',
  'single_owner_types_golden.json',
  'test_serde_usage.json',
];
const li = loadContract('li');
const BATCH = 100;

type Json = Record<string, unknown>;

interface Mcp {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  aspect: { value: string; contentType: string };
  systemMetadata: Json;
}

/** What one file's entries become on the wire: the MCEs as snapshots, and every aspect as a proposal. */
interface FileEmissions {
  mces: Json[];
  /** The MCP entries of the file (emit_mce mode sends these with emit_mcp). */
  mcpEntries: Mcp[];
  /** Every aspect of the file as a proposal, in file order. */
  allMcps: Mcp[];
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const stripNamespace = (key: string) => key.replace('pegasus2avro.', '');

function emissions(file: string): FileEmissions {
  const entries = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Json[];
  const out: FileEmissions = { mces: [], mcpEntries: [], allMcps: [] };
  for (const entry of entries) {
    if (entry.proposedSnapshot) {
      const [[snapshotKey, snapshot]] = Object.entries(entry.proposedSnapshot as Json) as [[string, Json]];
      const urn = snapshot.urn as string;
      const aspects = (snapshot.aspects as Json[]).map((union) => {
        const [[recordKey, value]] = Object.entries(union) as [[string, unknown]];
        const record = stripNamespace(recordKey);
        const aspectName = li.aspectOfRecord(record) ?? lowerFirst(record.slice(record.lastIndexOf('.') + 1));
        return { record, aspectName, value: normaliseAvroJson(value, li.aspects.get(aspectName)?.schema) as Json };
      });
      out.mces.push({
        entity: {
          value: { [stripNamespace(snapshotKey)]: { urn, aspects: aspects.map((a) => ({ [a.record]: a.value })) } },
        },
        systemMetadata: pythonSystemMetadata(),
      });
      for (const a of aspects) {
        out.allMcps.push({
          entityType: urn.split(':')[2]!,
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: a.aspectName,
          aspect: { value: JSON.stringify(a.value), contentType: 'application/json' },
          systemMetadata: pythonSystemMetadata(),
        });
      }
    } else {
      const generic = entry.aspect as { value?: string; json?: unknown };
      const value = generic.value ?? JSON.stringify(generic.json);
      const systemMetadata = { ...pythonSystemMetadata(), ...(dropNulls(entry.systemMetadata ?? {}) as Json) };
      const mcp: Mcp = {
        entityType: entry.entityType as string,
        entityUrn: entry.entityUrn as string,
        changeType: entry.changeType as string,
        aspectName: entry.aspectName as string,
        aspect: { value, contentType: 'application/json' },
        systemMetadata,
      };
      out.mcpEntries.push(mcp);
      out.allMcps.push(mcp);
    }
  }
  return out;
}

async function accepted(reply: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const { status, text } = await reply;
  expect(status, `${what}: ${text.slice(0, 300)}`).toBe(200);
}

const post = (server: MockServer, path: string, body: unknown, headers = pythonHeaders()) =>
  send(server, 'POST', path, headers, JSON.stringify(body));

/** Every aspect reads back holding what was last sent for it (time series: every point). */
async function expectReadBack(server: MockServer, mcps: readonly Mcp[]): Promise<void> {
  const latest = new Map<string, Mcp>();
  const points: Mcp[] = [];
  for (const mcp of mcps) {
    const entity = li.entity(mcp.entityType)!;
    if (entity.timeseriesAspects.includes(mcp.aspectName)) points.push(mcp);
    else latest.set(`${mcp.entityUrn} ${mcp.aspectName}`, mcp);
  }
  for (const mcp of latest.values()) {
    const reply = await send(
      server,
      'GET',
      `/aspects/${encodeURIComponent(mcp.entityUrn)}?aspect=${mcp.aspectName}&version=0`,
      pythonHeaders(),
    );
    expect(reply.status, `${mcp.entityUrn} ${mcp.aspectName}`).toBe(200);
    const [value] = Object.values(reply.json.aspect as Json);
    expect(value, `${mcp.entityUrn} ${mcp.aspectName}`).toMatchObject(JSON.parse(mcp.aspect.value));
  }
  for (const mcp of points) {
    const sent = JSON.parse(mcp.aspect.value) as Json;
    const query = {
      urn: mcp.entityUrn,
      entity: mcp.entityType,
      aspect: mcp.aspectName,
      startTimeMillis: sent.timestampMillis,
      endTimeMillis: sent.timestampMillis,
    };
    const reply = await post(server, '/aspects?action=getTimeseriesAspectValues', query);
    const values = (reply.json.value.values as { aspect: { value: string } }[]).map((v) => JSON.parse(v.aspect.value));
    expect(values, `${mcp.entityUrn} ${mcp.aspectName} ${sent.timestampMillis}`).toContainEqual(
      expect.objectContaining(sent),
    );
  }
}

const MODES: { mode: string; emit: (server: MockServer, e: FileEmissions) => Promise<void> }[] = [
  {
    mode: 'emit_mce (MCP entries with emit_mcp)',
    emit: async (server, e) => {
      for (const mce of e.mces) await accepted(post(server, '/entities?action=ingest', mce), 'emit_mce');
      for (const proposal of e.mcpEntries)
        await accepted(post(server, '/aspects?action=ingestProposal', { proposal, async: 'false' }), 'emit_mcp');
    },
  },
  {
    mode: 'emit_mcp sync',
    emit: async (server, e) => {
      for (const proposal of e.allMcps)
        await accepted(
          post(server, '/aspects?action=ingestProposal', { proposal, async: 'false' }),
          `${proposal.entityUrn} ${proposal.aspectName}`,
        );
    },
  },
  {
    mode: 'emit_mcp async',
    emit: async (server, e) => {
      for (const proposal of e.allMcps)
        await accepted(
          post(server, '/aspects?action=ingestProposal', { proposal, async: 'true' }),
          `${proposal.entityUrn} ${proposal.aspectName}`,
        );
    },
  },
  {
    mode: 'emit_mcps batch',
    emit: async (server, e) => {
      for (let i = 0; i < e.allMcps.length; i += BATCH) {
        await accepted(
          post(server, '/aspects?action=ingestProposalBatch', {
            proposals: e.allMcps.slice(i, i + BATCH),
            async: 'false',
          }),
          `batch from ${i}`,
        );
      }
    },
  },
  {
    mode: 'Java RestEmitter.emit',
    emit: async (server, e) => {
      for (const proposal of e.allMcps)
        await accepted(
          post(server, '/aspects?action=ingestProposal', { proposal }, javaHeaders()),
          `${proposal.entityUrn} ${proposal.aspectName}`,
        );
    },
  },
];

describe.each(FILES)('%s', (file) => {
  const e = emissions(file);

  it.each(MODES)('is accepted whole with $mode and reads back', async ({ emit }) => {
    await withServer({ namespace: 'li' }, async (server) => {
      // The emitters' connection check comes first.
      const config = await send(server, 'GET', '/config', pythonHeaders());
      expect(config.json.noCode).toBe('true');
      await emit(server, e);
      await expectReadBack(server, e.allMcps);
    });
  });

  it('starts the mock with --seed and reports nothing skipped', async () => {
    await withServer({ namespace: 'li', seed: [join(FIXTURES, file)] }, async (server) => {
      const [report] = server.loaded;
      expect(report).toMatchObject({ rejected: 0, skipped: [] });
      expect(report!.validated + report!.opaque).toBe(e.allMcps.length);
      await expectReadBack(server, e.allMcps);
    });
  });
});

describe('--seed with entries the mock cannot use', () => {
  it('starts, applies the rest (a usage record as batchIngest would) and reports each skipped entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    const file = join(dir, 'mixed.json');
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,mixed.t,PROD)';
    const entries = [
      {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'status',
        aspect: { json: { removed: false } },
      },
      {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'PATCH',
        aspectName: 'status',
        aspect: { json: [{ op: 'add', path: '/removed', value: true }] },
      },
      { bucket: 1622073600000, duration: 'DAY', resource: urn, metrics: { uniqueUserCount: 2, totalSqlQueries: 5 } },
      {
        entityType: 'dataset',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'chartInfo',
        aspect: { json: { title: 'not a dataset aspect' } },
      },
    ];
    writeFileSync(file, JSON.stringify(entries));
    try {
      await withServer({ namespace: 'li', seed: [file] }, async (server) => {
        const [report] = server.loaded;
        expect(report!.skipped.map((s) => [s.entry, s.urn, s.aspect])).toEqual([
          [2, urn, 'status'],
          [4, urn, 'chartInfo'],
        ]);
        expect(describeSkip(file, report!.skipped[0]!)).toContain(
          `${file} entry 2: ${urn} status: proposal.aspect.value: aspect status has no patch template`,
        );
        const usage = await post(server, '/aspects?action=getTimeseriesAspectValues', {
          urn,
          entity: 'dataset',
          aspect: 'datasetUsageStatistics',
        });
        expect(JSON.parse(usage.json.value.values[0].aspect.value)).toMatchObject({
          timestampMillis: 1622073600000,
          uniqueUserCount: 2,
          totalSqlQueries: 5,
        });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
