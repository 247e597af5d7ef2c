/**
 * Execution requests, as upstream's resolvers make them (datahub-graphql-core/.../resolvers/ingest/execution/
 * CreateIngestionExecutionRequestResolver.java, CancelIngestionExecutionRequestResolver.java,
 * CreateTestConnectionRequestResolver.java, ListExecutionRequestsResolver.java,
 * GetIngestionExecutionRequestResolver.java, RollbackIngestionResolver.java, v1.3.0.1), each needing
 * MANAGE_INGESTION:
 * - createIngestionExecutionRequest writes dataHubExecutionRequestInput (task RUN_INGEST, the source's recipe,
 *   version and debug mode as arguments, source MANUAL) at `dataHubExecutionRequest:<random UUID>`; the source
 *   must be stored. createTestConnectionRequest does the same for task TEST_CONNECTION and the recipe given.
 *   The mock runs nothing: each request then moves through its states on the clock (../entities/ingestion.ts);
 * - cancelIngestionExecutionRequest writes the KILL signal (dataHubExecutionRequestSignal) and, for a request
 *   not finished, its result CANCELLED;
 * - listExecutionRequests: the requests matching the filters (`ingestionSource`, `executionResultStatus`),
 *   newest first; executionRequest(urn): one of them;
 * - rollbackIngestion: the run undone in the store (CatalogStore.rollbackRun, as RollbackService and
 *   EntityServiceImpl.rollbackRun do it), and the execution request of that id, once it has a result, ROLLED_BACK;
 *   the reserved run id of unlabelled writes is refused with upstream's message.
 */
import type {
  MutationCancelIngestionExecutionRequestArgs,
  MutationCreateIngestionExecutionRequestArgs,
  MutationCreateTestConnectionRequestArgs,
  MutationRollbackIngestionArgs,
  QueryExecutionRequestArgs,
  QueryListExecutionRequestsArgs,
} from '../../../generated/graphql/resolvers.js';
import { makeUrn } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import { NO_RUN_ID } from '../../store/versioned-aspect.js';
import { authorizePlatform, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { executionRequestRecord, executionRequestsOf, executionsPage, resultOf } from '../entities/ingestion.js';
import { badRequestError } from '../errors.js';
import { objectOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { ingestionReader, MANAGE_INGESTION, passesFilters, SOURCE, SOURCE_INFO } from './ingestion-sources.js';
import { pageBounds } from './lists.js';
import { newUrn } from './stored-entities.js';

const REQUEST = 'dataHubExecutionRequest';
const INPUT = 'dataHubExecutionRequestInput';
const RESULT = 'dataHubExecutionRequestResult';

function requestFieldOf(view: EntityView, urn: string, input: JsonObject, field: string): string[] {
  if (field === 'ingestionSource') return [stringOr(objectOf(input.source)?.ingestionSource) ?? ''];
  if (field === 'executionResultStatus') {
    const status = resultOf(view, urn, input, Date.now())?.status;
    return typeof status === 'string' ? [status] : [];
  }
  if (field === 'executorId') return [stringOr(input.executorId) ?? ''];
  return [];
}

export function listExecutionRequests(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryListExecutionRequestsArgs,
): OutputRecord {
  ingestionReader(ctx);
  const urns = executionRequestsOf(view, undefined).filter((urn) => {
    const stored = view.aspectsOf(urn).aspect(INPUT) ?? {};
    return passesFilters(stored, input.filters, (info, field) => requestFieldOf(view, urn, info, field));
  });
  const { start, count } = pageBounds(input);
  return executionsPage(view, urns, start, count);
}

export function executionRequest(
  ctx: GraphqlContext,
  view: EntityView,
  { urn }: QueryExecutionRequestArgs,
): OutputRecord | null {
  ingestionReader(ctx);
  targetUrn(ctx, urn, REQUEST);
  return executionRequestRecord(view, urn);
}

function writeRequest(ctx: GraphqlContext, input: JsonObject, write: WriteContext): string {
  const urn = newUrn(ctx, REQUEST);
  const stored = { ...input, requestedAt: write.now, actorUrn: write.actor };
  ctx.store.upsertAspect(REQUEST, urn, INPUT, stored, write);
  return urn;
}

export function createIngestionExecutionRequest(
  ctx: GraphqlContext,
  { input }: MutationCreateIngestionExecutionRequestArgs,
): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  targetUrn(ctx, input.ingestionSourceUrn, SOURCE);
  const info = ctx.store.getAspect(input.ingestionSourceUrn, SOURCE_INFO, 0)?.value;
  if (!info)
    throw badRequestError(`input.ingestionSourceUrn: ingestion source ${input.ingestionSourceUrn} does not exist`);
  const config = objectOf(info.config) ?? {};
  const args: Record<string, string> = { recipe: String(config.recipe ?? '') };
  if (typeof config.version === 'string') args.version = config.version;
  if (config.debugMode === true) args.debug_mode = 'true';
  const executorId = stringOr(config.executorId) ?? 'default';
  return writeRequest(
    ctx,
    { task: 'RUN_INGEST', args, executorId, source: { type: 'MANUAL', ingestionSource: input.ingestionSourceUrn } },
    write,
  );
}

export function createTestConnectionRequest(
  ctx: GraphqlContext,
  { input }: MutationCreateTestConnectionRequestArgs,
): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  const args: Record<string, string> = { recipe: input.recipe };
  if (input.version != null) args.version = input.version;
  return writeRequest(ctx, { task: 'TEST_CONNECTION', args, executorId: 'default', source: { type: 'MANUAL' } }, write);
}

export function cancelIngestionExecutionRequest(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCancelIngestionExecutionRequestArgs,
): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  const urn = input.executionRequestUrn;
  targetUrn(ctx, urn, REQUEST);
  targetUrn(ctx, input.ingestionSourceUrn, SOURCE);
  return ctx.store.transaction(() => {
    const request = ctx.store.getAspect(urn, INPUT, 0)?.value;
    if (!request) throw badRequestError(`input.executionRequestUrn: execution request ${urn} does not exist`);
    const executorId = stringOr(request.executorId) ?? 'default';
    const signal = { signal: 'KILL', executorId, createdAt: { time: write.now, actor: write.actor } };
    ctx.store.upsertAspect(REQUEST, urn, 'dataHubExecutionRequestSignal', signal, write);
    const now = resultOf(view, urn, request, write.now);
    if (now?.status !== 'SUCCESS' && now?.status !== 'FAILURE' && now?.status !== 'CANCELLED') {
      const result: JsonObject = { status: 'CANCELLED', report: `${String(now?.report ?? '')}\nCancelled.`.trim() };
      if (typeof now?.startTimeMs === 'number') {
        result.startTimeMs = now.startTimeMs;
        result.durationMs = write.now - now.startTimeMs;
      }
      ctx.store.upsertAspect(REQUEST, urn, RESULT, result, write);
    }
    return urn;
  });
}

export function rollbackIngestion(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationRollbackIngestionArgs,
): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  if (input.runId === NO_RUN_ID)
    throw badRequestError(
      `${NO_RUN_ID} is a default run-id provided for non labeled ingestion runs. You cannot delete using this reserved run-id`,
    );
  ctx.store.transaction(() => {
    ctx.store.rollbackRun(input.runId);
    markRolledBack(ctx, view, input.runId, write);
  });
  // Upstream's resolver answers true, which its String field gives as "true".
  return 'true';
}

/**
 * RollbackService.updateExecutionRequestStatus: the execution request whose id is the run id, when it has a
 * result (stored, or the one the mock's clock has reached), gets the status ROLLED_BACK.
 */
function markRolledBack(ctx: GraphqlContext, view: EntityView, runId: string, write: WriteContext): void {
  const urn = makeUrn(ctx.contract.names.urnPrefix, REQUEST, [runId]);
  const request = ctx.store.getAspect(urn, INPUT, 0)?.value;
  const now = request ? resultOf(view, urn, request, write.now) : null;
  if (!now) return;
  const stored = ctx.store.getAspect(urn, RESULT, 0)?.value;
  const result: JsonObject = stored ? structuredClone(stored) : {};
  for (const field of ['startTimeMs', 'durationMs', 'report'] as const)
    if (!stored && now[field] != null) result[field] = now[field] as JsonObject[string];
  ctx.store.upsertAspect(REQUEST, urn, RESULT, { ...result, status: 'ROLLED_BACK' }, write);
}
