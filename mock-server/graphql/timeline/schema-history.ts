/**
 * A dataset's schema history from its TECHNICAL_SCHEMA transactions: `getSchemaBlame(input)` as
 * GetSchemaBlameResolver and SchemaBlameMapper give it, and `getSchemaVersionList(input)` as
 * GetSchemaVersionListResolver and SchemaVersionListMapper do
 * (datahub-graphql-core/.../resolvers/timeline/, .../types/timeline/mappers/, v1.3.0.1).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import type { ChangeOperation } from './change-events.js';
import {
  changeTransactions,
  checkUrn,
  compareVersions,
  truncatedVersion,
  type ChangeTransaction,
} from './transactions.js';

const schemaTransactions = (ctx: GraphqlContext, view: EntityView, urn: string): ChangeTransaction[] | undefined => {
  checkUrn(ctx, 'input.datasetUrn', urn);
  return changeTransactions(view, urn, new Set(['TECHNICAL_SCHEMA']));
};

/** Newest version first. */
const newestFirst = (transactions: ChangeTransaction[]): ChangeTransaction[] =>
  [...transactions].sort((a, b) => compareVersions(b.semVer, a.semVer));

const versionRecord = (view: EntityView, t: ChangeTransaction): OutputRecord =>
  view.shapes.record('SemanticVersionStruct', {
    semanticVersion: truncatedVersion(t.semVer),
    semanticVersionTimestamp: t.timestamp,
    versionStamp: t.versionStamp,
  });

const CHANGE_WORDS: Record<ChangeOperation, string> = { ADD: 'Added', MODIFY: 'Modified', REMOVE: 'Removed' };

/**
 * The last change of each column at or before the version asked for (the newest without one): the
 * transactions up to it, newest first, the first change naming each column's schema field URN; the
 * columns whose last change removed them left out. Empty for a dataset without schema history; null
 * for an entity type without a timeline.
 */
export function getSchemaBlame(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: { input: { datasetUrn: string; version?: string | null } },
): OutputRecord | null {
  const transactions = schemaTransactions(ctx, view, input.datasetUrn);
  if (!transactions) return null;
  if (transactions.length === 0) return view.shapes.record('GetSchemaBlameResult', {});
  const cutoff = input.version ?? truncatedVersion(transactions[transactions.length - 1]!.semVer);
  const upTo = newestFirst(transactions.filter((t) => compareVersions(t.semVer, cutoff) <= 0));
  if (upTo.length === 0) return view.shapes.record('GetSchemaBlameResult', {});
  const blame = new Map<string, OutputRecord>();
  for (const t of upTo) {
    for (const event of t.events) {
      const fieldUrn = event.modifier;
      if (event.category !== 'TECHNICAL_SCHEMA' || fieldUrn === null || blame.has(fieldUrn)) continue;
      const fieldPath = tryParseUrn(fieldUrn)?.parts[1];
      if (fieldPath === undefined) continue;
      const version = truncatedVersion(t.semVer);
      blame.set(
        fieldUrn,
        view.shapes.record('SchemaFieldBlame', {
          fieldPath,
          schemaFieldChange: view.shapes.record('SchemaFieldChange', {
            timestampMillis: t.timestamp,
            lastSemanticVersion: version,
            versionStamp: t.versionStamp,
            changeType: event.operation,
            lastSchemaFieldChange: `${CHANGE_WORDS[event.operation]} in v${version}`,
          }),
        }),
      );
    }
  }
  return view.shapes.record('GetSchemaBlameResult', {
    version: versionRecord(view, upTo[0]!),
    schemaFieldBlameList: [...blame.values()].filter(
      (entry) => (entry.schemaFieldChange as OutputRecord).changeType !== 'REMOVE',
    ),
  });
}

/** The schema's versions, newest first, and the latest; null for a dataset without schema history. */
export function getSchemaVersionList(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: { input: { datasetUrn: string } },
): OutputRecord | null {
  const transactions = schemaTransactions(ctx, view, input.datasetUrn);
  if (!transactions || transactions.length === 0) return null;
  return view.shapes.record('GetSchemaVersionListResult', {
    latestVersion: versionRecord(view, transactions[transactions.length - 1]!),
    semanticVersionList: newestFirst(transactions).map((t) => versionRecord(view, t)),
  });
}
