/**
 * How a current DataHub GMS takes a proposal where the interface document says otherwise (the upstream
 * profile; spec/upstream-differences.yaml proposal-delete-unsupported, proposal-content-type-dropped,
 * proposal-entity-type-ignored). Upstream builds each proposal into a batch item
 * (metadata-io/metadata-io-api/.../entity/ebean/batch/AspectsBatchImpl.java, commit
 * 104f00a8597329cf8d799c363751519759867920, `mcps`): an IllegalArgumentException while building it
 * drops the proposal ("Invalid proposal, skipping and proceeding with batch") and the call still
 * answers "success". ChangeItemImpl.java (same folder, commit 1057f59669c9d7da5239dcba56b03f868655a4e5)
 * checks the aspect against the proposal's entityType, then deserializes it (GenericRecordUtils throws
 * an IllegalArgumentException for a content type other than application/json), then refuses a change
 * type outside MCPItem.CHANGE_TYPES (entity-registry/.../aspect/batch/MCPItem.java, commit
 * 72b37df9a589e0086a4e3f2e74752c7d21c5a9ce: UPSERT, UPDATE, CREATE, CREATE_ENTITY) with another, so
 * a DELETE is dropped too; and it takes the entity from the URN, not from entityType.
 */
import type { EntitySpec } from '../../spec/index.js';
import { badRequest } from '../errors.js';

export interface UpstreamProposal {
  changeType: string;
  aspectName?: string;
  aspect?: { value?: string; contentType?: string };
}

const JSON_CONTENT_TYPE = 'application/json';

/**
 * Whether upstream drops the proposal without writing it. The checks upstream answers with a 500 come
 * first and stay 400s here (the mock never answers a 5xx): no aspect (AspectUtils.validateAspect), or an
 * aspect the named entityType lacks.
 */
export function upstreamDrops(proposal: UpstreamProposal, named: EntitySpec, at: string): boolean {
  if (proposal.changeType === 'PATCH') return false;
  if (!proposal.aspectName || typeof proposal.aspect?.value !== 'string') {
    throw badRequest(
      `${at}: Aspect and aspect name is required for create and update operations (aspectName and aspect.value)`,
    );
  }
  if (!named.aspects.includes(proposal.aspectName))
    throw badRequest(`${at}.aspectName: Unknown aspect ${proposal.aspectName} for entity ${named.name}`);
  const contentType = proposal.aspect.contentType;
  if (contentType !== undefined && contentType.toLowerCase() !== JSON_CONTENT_TYPE) return true;
  return proposal.changeType === 'DELETE';
}
