/**
 * Step states (upstream's BatchGetStepStatesResolver and BatchUpdateStepStatesResolver at v1.3.0.1): the app
 * keeps what a user has done of its onboarding steps and tours as dataHubStepState entities, one per step id
 * (`<prefix>dataHubStepState:<id>`), whose dataHubStepStateProperties hold string properties and the last
 * change. Reading leaves out the steps never stored; writing replaces each step's properties, the caller as
 * the actor (any caller with a token, as upstream checks no privilege). An entry without a value is left out,
 * a map holding strings only; an id that makes no URN is a BAD_REQUEST naming it, nothing written.
 */
import { makeUrn, tryParseUrn } from '../../../spec/index.js';
import type {
  MutationBatchUpdateStepStatesArgs,
  QueryBatchGetStepStatesArgs,
} from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import { callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';

const ENTITY = 'dataHubStepState';
const ASPECT = 'dataHubStepStateProperties';

function stepUrn(ctx: GraphqlContext, id: string, field: string): string {
  const urn = id === '' ? undefined : makeUrn(ctx.contract.names.urnPrefix, ENTITY, [id]);
  if (urn === undefined || !tryParseUrn(urn)) throw badRequestError(`${field}: '${id}' is not a step id`);
  return urn;
}

export function batchGetStepStates(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryBatchGetStepStatesArgs,
): OutputRecord {
  const results: OutputRecord[] = [];
  input.ids.forEach((id, i) => {
    const stored = ctx.store.getAspect(stepUrn(ctx, id, `input.ids[${i}]`), ASPECT, 0)?.value;
    if (!stored) return;
    const properties = Object.entries(objectOf(stored.properties) ?? {}).map(([key, value]) =>
      view.shapes.record('StringMapEntry', { key, value: stringOr(value) }),
    );
    results.push(view.shapes.record('StepStateResult', { id, properties }));
  });
  return view.shapes.record('BatchGetStepStatesResult', { results });
}

export function batchUpdateStepStates(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationBatchUpdateStepStatesArgs,
): OutputRecord {
  const write = writeContext(callerOf(ctx, true));
  const urns = input.states.map((state, i) => stepUrn(ctx, state.id, `input.states[${i}].id`));
  ctx.store.transaction(() => {
    input.states.forEach((state, i) => {
      const properties: Record<string, string> = {};
      for (const entry of state.properties) if (entry?.value != null) properties[entry.key] = entry.value;
      const value = { properties, lastModified: { time: write.now, actor: write.actor } };
      ctx.store.upsertAspect(ENTITY, urns[i]!, ASPECT, value, { ...write, valueRoot: `input.states[${i}]` });
    });
  });
  return view.shapes.record('BatchUpdateStepStatesResult', {
    results: input.states.map((state) =>
      view.shapes.record('UpdateStepStateResult', { id: state.id, succeeded: true }),
    ),
  });
}
