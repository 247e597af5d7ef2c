/**
 * Applies one metadata change proposal by its change type, as upstream does (MCPItem.CHANGE_TYPES,
 * ChangeItemImpl, PatchItemImpl and CreateIfNotExistsValidator in datahub-project/datahub):
 * - UPSERT and UPDATE write the aspect whole (upstream treats UPDATE as UPSERT);
 * - CREATE writes it only when the aspect has no value yet, CREATE_ENTITY only when the entity does
 *   not exist yet; otherwise upstream's validation messages, as 422;
 * - PATCH applies a JSON Patch through the aspect's template (patch/) to the latest value;
 * - DELETE removes the aspect (the key aspect: the entity).
 * The one place every door (ingestProposal, seed files) applies a proposal, in one store transaction.
 */
import { unprocessable, badRequest } from '../errors.js';
import { applyAspectPatch } from '../patch/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { systemActor } from '../store/entity-urn.js';
import type { WriteContext } from '../store/types.js';

export const CHANGE_TYPES = ['UPSERT', 'UPDATE', 'CREATE', 'CREATE_ENTITY', 'PATCH', 'DELETE'] as const;

export interface ChangeProposal {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  /** The parsed aspect: an object, or for PATCH the JSON Patch (an array of operations); unused by DELETE. */
  aspect?: unknown;
}

export interface ChangeOutcome {
  /** False when the aspect has no schema and was stored opaque; true for DELETE. */
  validated: boolean;
}

function wholeAspect(store: CatalogStore, p: ChangeProposal, ctx: WriteContext): ChangeOutcome {
  const { validated } = store.upsertAspect(
    p.entityType,
    p.entityUrn,
    p.aspectName,
    p.aspect as Record<string, unknown>,
    ctx,
  );
  return { validated };
}

/** `where` names the proposal in messages (`body.proposal`, `seed entry 3`). */
export function applyChangeProposal(
  store: CatalogStore,
  p: ChangeProposal,
  ctx: WriteContext,
  where = 'body.proposal',
): ChangeOutcome {
  return store.transaction(() => {
    switch (p.changeType) {
      case 'DELETE':
        store.deleteAspect(p.entityType, p.entityUrn, p.aspectName, ctx);
        return { validated: true };
      case 'UPSERT':
      case 'UPDATE':
        return wholeAspect(store, p, ctx);
      case 'CREATE':
        if (store.getAspect(p.entityUrn, p.aspectName, 0))
          throw unprocessable(`${where}.changeType: Cannot perform CREATE since the aspect already exists.`);
        return wholeAspect(store, p, ctx);
      case 'CREATE_ENTITY':
        if (store.entityExists(p.entityUrn))
          throw unprocessable(
            `${where}.changeType: Cannot perform CREATE_ENTITY if not exists since the entity key already exists.`,
          );
        return wholeAspect(store, p, ctx);
      case 'PATCH': {
        const patched = applyAspectPatch({
          aspect: p.aspectName,
          current: store.getAspect(p.entityUrn, p.aspectName, 0)?.value,
          operations: p.aspect,
          stamp: { time: ctx.now, actor: systemActor(store.contract) },
          where: `${where}.aspect.value`,
        });
        return wholeAspect(
          store,
          { ...p, aspect: patched },
          { ...ctx, valueRoot: `${where}.aspect.value (the patched ${p.aspectName})` },
        );
      }
      default:
        throw badRequest(`${where}.changeType: must be one of ${CHANGE_TYPES.join(', ')} (was ${p.changeType})`);
    }
  });
}
