/**
 * An entity's change transactions computed from the stored versions of its aspects, as upstream's
 * TimelineServiceImpl.getTimeline does (metadata-io/src/main/java/com/linkedin/metadata/timeline/TimelineServiceImpl.java,
 * v1.3.0.1): each aspect's versions in the order they were written, each diffed with the one before
 * (the first with an empty aspect) by the generators of the categories asked for; the transactions of
 * one write time combined; a computed semantic version per write time, 0.0.0 at the first and then
 * moved by the highest change (a major change resets minor and patch); and a version stamp naming
 * the version of every aspect current at that time.
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { StoredAspect } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import { targetUrn } from '../target-urn.js';
import {
  CHANGE_CATEGORIES,
  SEMANTIC_CHANGES,
  type ChangeCategory,
  type ChangeEvent,
  type SemanticChange,
} from './change-events.js';
import { TIMELINE_GENERATORS } from './generators.js';

export interface ChangeTransaction {
  timestamp: number;
  /** e.g. `1.2.0-computed`. */
  semVer: string;
  versionStamp: string;
  events: ChangeEvent[];
}

/** The stored order of an aspect's versions: 1 is the oldest, higher ones newer, 0 the latest. */
const writeOrder = (row: StoredAspect): number => (row.version === 0 ? Number.MAX_SAFE_INTEGER : row.version);
const byWriteTime = (a: StoredAspect, b: StoredAspect): number =>
  a.created.time - b.created.time || writeOrder(a) - writeOrder(b);

/** `aspect:version` of every aspect current at `time` (written then, else the last written before), by aspect name. */
function versionStamp(history: ReadonlyMap<string, StoredAspect[]>, time: number): string {
  const stamp: string[] = [];
  for (const aspect of [...history.keys()].sort()) {
    const rows = history.get(aspect)!;
    const current =
      rows.find((row) => row.created.time === time) ?? rows.filter((row) => row.created.time < time).pop();
    if (current) stamp.push(`${aspect}:${current.version}`);
  }
  return stamp.join(';');
}

const highest = (events: readonly ChangeEvent[]): SemanticChange =>
  events.reduce<SemanticChange>(
    (top, event) =>
      SEMANTIC_CHANGES.indexOf(event.semVerChange) > SEMANTIC_CHANGES.indexOf(top) ? event.semVerChange : top,
    'NONE',
  );

/** The next computed version after `previous` for a group whose highest change is `change` (TimelineServiceImpl.getGroupSemanticVersion). */
function nextVersion(previous: [number, number, number] | undefined, change: SemanticChange): [number, number, number] {
  if (!previous) return [0, 0, 0];
  const [major, minor, patch] = previous;
  if (change === 'MAJOR') return [major + 1, 0, 0];
  if (change === 'MINOR') return [major, minor + 1, 0];
  if (change === 'PATCH') return [major, minor, patch + 1];
  return previous;
}

/**
 * The change transactions of an entity for the categories asked for, oldest first; undefined for an
 * entity type without a timeline (upstream refuses it).
 */
export function changeTransactions(
  view: EntityView,
  urn: string,
  categories: ReadonlySet<ChangeCategory>,
): ChangeTransaction[] | undefined {
  const generators = TIMELINE_GENERATORS[tryParseUrn(urn)?.entityType ?? ''];
  if (!generators) return undefined;
  const history = new Map<string, StoredAspect[]>();
  for (const row of view.store.aspectHistory(urn)) {
    const rows = history.get(row.aspect) ?? [];
    rows.push(row);
    history.set(row.aspect, rows);
  }
  for (const rows of history.values()) rows.sort(byWriteTime);
  // The events of each write time, by category; a time with versions but no events still takes a version.
  const byTime = new Map<number, ChangeEvent[][]>();
  // In the categories' declared order, whatever order they were asked in.
  const wanted = CHANGE_CATEGORIES.filter((category) => categories.has(category) && generators[category]);
  const aspects = new Set(wanted.flatMap((category) => Object.keys(generators[category]!)));
  for (const aspect of [...aspects].sort()) {
    const rows = history.get(aspect) ?? [];
    rows.forEach((row, index) => {
      const before = index === 0 ? undefined : view.valueOf(rows[index - 1]!);
      const groups = byTime.get(row.created.time) ?? [];
      for (const category of wanted) {
        const generate = generators[category]![aspect];
        if (!generate) continue;
        const events = generate(urn, category, before, view.valueOf(row));
        if (events.length) groups.push(events);
      }
      byTime.set(row.created.time, groups);
    });
  }
  const transactions: ChangeTransaction[] = [];
  let version: [number, number, number] | undefined;
  for (const time of [...byTime.keys()].sort((a, b) => a - b)) {
    const groups = byTime.get(time)!;
    version = nextVersion(version, highest(groups.flat()));
    if (groups.length === 0) continue;
    transactions.push({
      timestamp: time,
      semVer: `${version.join('.')}-computed`,
      versionStamp: versionStamp(history, time),
      events: groups.flat(),
    });
  }
  return transactions;
}

/** The URN an input names checked, a bad one refused naming the input field. */
export function checkUrn(ctx: GraphqlContext, field: string, urn: string): void {
  try {
    targetUrn(ctx, urn);
  } catch (error) {
    if (error instanceof CatalogGraphqlError) throw badRequestError(`${field}: ${error.message.replace(/^urn: /, '')}`);
    throw error;
  }
}

/** A computed version without its `-computed` suffix (TimelineUtils.truncateSemanticVersion). */
export const truncatedVersion = (semVer: string): string =>
  semVer.endsWith('-computed') ? semVer.slice(0, -'-computed'.length) : semVer;

/** Versions compared part by part, numbers as numbers (as Maven's ComparableVersion orders 1.10.0 after 1.9.0). */
export function compareVersions(a: string, b: string): number {
  const pa = truncatedVersion(a).split(/[.-]/);
  const pb = truncatedVersion(b).split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x = '0', y = '0'] = [pa[i], pb[i]];
    const [nx, ny] = [Number(x), Number(y)];
    const order = Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return order;
  }
  return 0;
}
