/**
 * `getTimeline(input)` as upstream's GetTimelineResolver and ChangeTransactionMapper answer it
 * (datahub-graphql-core/.../resolvers/timeline/GetTimelineResolver.java, .../types/timeline/mappers/,
 * v1.3.0.1): every category without `changeCategories`; each transaction with its computed version,
 * `versionStamp` "none" and `changeType` MODIFY, each change with `urn` "empty" and no audit stamp.
 * Upstream answers null where its service or mapper fails: an entity type without a timeline, the
 * category OWNERSHIP asked for (its service names it OWNER), or an owner change to map (the GraphQL
 * enum has no OWNER).
 */
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { CHANGE_CATEGORIES, type ChangeCategory, type ChangeEvent } from './change-events.js';
import { changeTransactions, checkUrn } from './transactions.js';

/** The categories the GraphQL enum can name (not OWNER). */
const NAMED = new Set<string>(['DOCUMENTATION', 'GLOSSARY_TERM', 'TECHNICAL_SCHEMA', 'TAG']);

export interface GetTimelineArgs {
  input: { urn: string; changeCategories?: readonly string[] | null };
}

function changeRecord(view: EntityView, event: ChangeEvent): OutputRecord {
  return view.shapes.record('ChangeEvent', {
    urn: 'empty',
    category: event.category,
    operation: event.operation,
    modifier: event.modifier,
    parameters: event.parameters
      ? Object.entries(event.parameters).map(([key, value]) =>
          view.shapes.record('TimelineParameterEntry', { key, value: String(value) }),
        )
      : null,
    description: event.description,
  });
}

export function getTimeline(ctx: GraphqlContext, view: EntityView, { input }: GetTimelineArgs): OutputRecord | null {
  checkUrn(ctx, 'input.urn', input.urn);
  const asked = input.changeCategories;
  if (asked?.some((category) => !NAMED.has(category))) return null;
  const categories = new Set((asked ?? CHANGE_CATEGORIES) as readonly ChangeCategory[]);
  const transactions = changeTransactions(view, input.urn, categories);
  if (!transactions || transactions.some((t) => t.events.some((event) => !NAMED.has(event.category)))) return null;
  return view.shapes.record('GetTimelineResult', {
    changeTransactions: transactions.map((t) =>
      view.shapes.record('ChangeTransaction', {
        timestampMillis: t.timestamp,
        lastSemanticVersion: t.semVer,
        versionStamp: 'none',
        changeType: 'MODIFY',
        changes: t.events.map((event) => changeRecord(view, event)),
      }),
    ),
  });
}
