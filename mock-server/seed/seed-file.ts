/**
 * Reads a seed file (a JSON array of metadata change events and proposals, in any of the three
 * upstream payload formats) into normalised proposals, one per aspect, in the contract's namespace:
 * - MCE, Avro-JSON: `{proposedSnapshot: {<snapshot record>: {urn, aspects: [{<aspect record>: {...}}]}}}`;
 * - MCP with the aspect as a JSON string: `{entityType, entityUrn, changeType, aspectName, aspect: {value, contentType}}`;
 * - MCP with the aspect embedded: `{..., aspect: {json: {...}}}`.
 * - a legacy usage record (`UsageAggregation`: `{bucket, duration, resource, metrics}`), read as the
 *   `datasetUsageStatistics` point upstream's usageStats batchIngest stores for it.
 * An entry that cannot be read is skipped and reported (1-based entry number, URN, aspect, reason);
 * only an unreadable file, URNs of another namespace, or an entry that nests deeper than the JSON
 * depth limit (`../wire/json-depth.ts`; its aspect value's text included) refuse the whole file,
 * naming it and the entry.
 * A PATCH entry carries a JSON Patch (an array) in either MCP form; it is applied at load time.
 * Nothing is written and nothing is validated here; see proposal-check.ts for validation.
 */
import { readFileSync } from 'node:fs';
import { tryParseUrn, type Contract } from '../../spec/index.js';
import type { StartupProposal } from '../ingest/startup-data.js';
import type { SystemMetadata } from '../store/types.js';
import { datasetUsageStatisticsOf, isUsageAggregation, type UsageAggregation } from '../ingest/usage-aggregation.js';
import { nestsTooDeep, tooDeepMessage, valueNestsTooDeep } from '../wire/json-depth.js';
import { dropNulls, normaliseAvroJson, stripAvroNamespace } from './avro-json.js';

export type SeedProposal = StartupProposal;

/** An entry of a seed file that was not used, and why. */
export interface SeedSkip {
  /** 1-based position of the entry in the file. */
  entry: number;
  urn?: string;
  aspect?: string;
  reason: string;
}

export type SeedEntryFormat = 'mce' | 'mcpValue' | 'mcpJson' | 'usage';

export interface SeedSummary {
  source: string;
  /** Entries of the file by format. */
  entries: Record<SeedEntryFormat, number>;
  /** Proposals produced, in total and by aspect name and entity type. */
  proposals: number;
  byAspect: Record<string, number>;
  byEntityType: Record<string, number>;
}

export interface SeedFile {
  proposals: SeedProposal[];
  summary: SeedSummary;
  skipped: SeedSkip[];
}

/** The whole file is unusable. */
export class SeedFileError extends Error {}

/** One entry is unusable: it is skipped, the rest of the file is read. */
class EntryError extends Error {
  constructor(
    message: string,
    readonly urn?: string,
    readonly aspect?: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Reads and converts one seed file. */
export function readSeedFile(path: string, contract: Contract): SeedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedFileError(`seed file ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SeedFileError(`seed file ${path}: ${syntaxErrorAt(text, (error as Error).message)}`);
  }
  return seedProposals(parsed, contract, path);
}

/** A JSON syntax error with its line and column (1-based); node reports only the character offset. */
function syntaxErrorAt(text: string, message: string): string {
  if (/line \d+ column \d+/.test(message)) return `not valid JSON: ${message}`;
  const position = /at position (\d+)/.exec(message)?.[1];
  const offset = position === undefined ? text.length : Number(position);
  const before = text.slice(0, offset).split('\n');
  return `not valid JSON at line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}: ${message}`;
}

/** Converts the parsed content of a seed file (an array of entries, or one entry). */
export function seedProposals(content: unknown, contract: Contract, source = 'seed'): SeedFile {
  const entries = Array.isArray(content) ? content : [content];
  const summary: SeedSummary = {
    source,
    entries: { mce: 0, mcpValue: 0, mcpJson: 0, usage: 0 },
    proposals: 0,
    byAspect: {},
    byEntityType: {},
  };
  const proposals: SeedProposal[] = [];
  const skipped: SeedSkip[] = [];
  entries.forEach((entry, index) => {
    const number = index + 1;
    // Every step below walks the entry by recursion: one too deep stops the whole file, named, before any does.
    if (valueNestsTooDeep(entry)) throw new SeedFileError(tooDeepMessage(`${source} entry ${number}`));
    try {
      const read = entryProposals(entry, contract, `${source} entry ${number}`);
      summary.entries[read.format]++;
      proposals.push(...read.proposals.map((p) => ({ ...p, entry: number })));
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      skipped.push({
        entry: number,
        ...(error.urn ? { urn: error.urn } : {}),
        ...(error.aspect ? { aspect: error.aspect } : {}),
        reason: error.message,
      });
    }
  });
  for (const p of proposals) {
    count(summary.byAspect, p.aspectName);
    count(summary.byEntityType, p.entityType);
  }
  summary.proposals = proposals.length;
  return { proposals, summary, skipped };
}

function entryProposals(
  entry: unknown,
  contract: Contract,
  where: string,
): { format: SeedEntryFormat; proposals: SeedProposal[] } {
  if (!isObject(entry)) throw new EntryError('not a JSON object');
  if (isObject(entry.proposedSnapshot))
    return { format: 'mce', proposals: mceProposals(entry.proposedSnapshot, contract, where) };
  if (typeof entry.aspectName === 'string' || typeof entry.entityType === 'string') {
    const { proposal, format } = mcpProposal(entry, contract, where);
    return { format, proposals: [proposal] };
  }
  if (isUsageAggregation(entry)) return { format: 'usage', proposals: [usageProposal(entry, contract, where)] };
  throw new EntryError(
    'neither a change event (proposedSnapshot), a change proposal (entityType, aspectName) nor a usage record (bucket, resource, metrics)',
  );
}

/** A usage record as the datasetUsageStatistics point upstream stores for it. */
function usageProposal(entry: Json, contract: Contract, where: string): SeedProposal {
  const aggregation = dropNulls(normaliseAvroJson(entry)) as unknown as UsageAggregation;
  const entityUrn = aggregation.resource;
  const entityType = entityTypeOf(entityUrn, contract, where);
  if (
    !isObject(aggregation.metrics) ||
    typeof aggregation.bucket !== 'number' ||
    typeof aggregation.duration !== 'string'
  ) {
    throw new EntryError(
      'a usage record needs bucket (epoch ms), duration and metrics',
      entityUrn,
      'datasetUsageStatistics',
    );
  }
  return {
    entityType,
    entityUrn,
    changeType: 'UPSERT',
    aspectName: 'datasetUsageStatistics',
    aspect: datasetUsageStatisticsOf(aggregation),
  };
}

/** The entity type of a URN in the contract's namespace, as the registry spells it. */
function entityTypeOf(urn: unknown, contract: Contract, where: string): string {
  if (typeof urn !== 'string') throw new EntryError('the urn is missing');
  const parsed = tryParseUrn(urn);
  if (!parsed) throw new EntryError(`'${urn}' is not a URN`, urn);
  if (!urn.startsWith(contract.names.urnPrefix)) {
    throw new SeedFileError(
      `${where}: urn '${urn}' is not in namespace '${contract.namespace}' (${contract.names.urnPrefix}); read the file in the namespace it was written for`,
    );
  }
  return contract.entity(parsed.entityType)?.name ?? parsed.entityType;
}

function mceProposals(snapshotUnion: Json, contract: Contract, where: string): SeedProposal[] {
  const unionEntries = Object.entries(snapshotUnion);
  const [first] = unionEntries;
  if (unionEntries.length !== 1 || !first || !isObject(first[1]))
    throw new EntryError('proposedSnapshot must hold exactly one snapshot');
  const snapshot = first[1];
  const entityUrn = snapshot.urn as string;
  const entityType = entityTypeOf(entityUrn, contract, where);
  const aspects = Array.isArray(snapshot.aspects) ? snapshot.aspects : [];
  return aspects.map((union, i) => {
    const members = isObject(union) ? Object.entries(union) : [];
    const [member] = members;
    if (members.length !== 1 || !member)
      throw new EntryError(`aspect ${i}: an aspect must be a union with exactly one record name`, entityUrn);
    const record = stripAvroNamespace(member[0]);
    if (!record.startsWith(contract.names.recordPrefix)) {
      throw new SeedFileError(
        `${where} aspect ${i + 1}: record '${record}' is not in namespace '${contract.namespace}' (${contract.names.recordPrefix})`,
      );
    }
    // A record the contract cannot name keeps upstream's convention: the aspect name is the record's short name, lower-cased first.
    const aspectName = contract.aspectOfRecord(record) ?? lowerFirst(record.slice(record.lastIndexOf('.') + 1));
    const schema = contract.aspects.get(aspectName)?.schema;
    const aspect = normaliseAvroJson(member[1], schema) as Record<string, unknown>;
    return { entityType, entityUrn, changeType: 'UPSERT', aspectName, aspect };
  });
}

function mcpProposal(
  entry: Json,
  contract: Contract,
  where: string,
): { proposal: SeedProposal; format: 'mcpValue' | 'mcpJson' } {
  const entityUrn = entry.entityUrn as string;
  const urnType = entityTypeOf(entityUrn, contract, where);
  const entityType =
    typeof entry.entityType === 'string' ? (contract.entity(entry.entityType)?.name ?? entry.entityType) : urnType;
  if (typeof entry.aspectName !== 'string') throw new EntryError('aspectName is missing', entityUrn);
  const changeType = typeof entry.changeType === 'string' ? entry.changeType : 'UPSERT';
  const envelope = isObject(entry.aspect) ? entry.aspect : {};
  let format: 'mcpValue' | 'mcpJson';
  let value: unknown;
  if (typeof envelope.value === 'string') {
    format = 'mcpValue';
    if (nestsTooDeep(envelope.value)) throw new SeedFileError(tooDeepMessage(`${where} aspect.value`));
    try {
      value = JSON.parse(envelope.value);
    } catch (error) {
      throw new EntryError(`aspect.value is not JSON: ${(error as Error).message}`, entityUrn, entry.aspectName);
    }
  } else if (isObject(envelope.json) || (changeType === 'PATCH' && Array.isArray(envelope.json))) {
    format = 'mcpJson';
    value = envelope.json;
  } else if (changeType === 'DELETE') {
    format = 'mcpJson';
    value = {};
  } else {
    throw new EntryError(
      'aspect must be {value: <JSON string>} or {json: <object, or a JSON Patch array for PATCH>}',
      entityUrn,
      entry.aspectName,
    );
  }
  const proposal: SeedProposal = {
    entityType,
    entityUrn,
    changeType,
    aspectName: entry.aspectName,
    aspect: dropNulls(value) as SeedProposal['aspect'],
  };
  const systemMetadata = isObject(entry.systemMetadata)
    ? (dropNulls(entry.systemMetadata) as SystemMetadata)
    : undefined;
  if (systemMetadata && Object.keys(systemMetadata).length > 0) proposal.systemMetadata = systemMetadata;
  return { proposal, format };
}
