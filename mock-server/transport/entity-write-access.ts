/**
 * The metadata-store API's entity writes decided by the stored policies, as upstream's resources decide them
 * (AuthUtil.isAPIAuthorizedEntityUrns / isAPIAuthorizedUrns over PoliciesConfig.API_PRIVILEGE_MAP's ENTITY
 * group, metadata-auth/auth-api and metadata-utils at v1.3.0.1): each proposal's URN needs, by its change type,
 * EDIT_ENTITY (CREATE, UPSERT, UPDATE, RESTATE, PATCH), CREATE_ENTITY or EDIT_ENTITY (CREATE_ENTITY) or
 * DELETE_ENTITY (DELETE); an ingested snapshot needs EDIT_ENTITY and a delete DELETE_ENTITY. The privileges are
 * read from the store at each request (../graphql/policy-engine.ts), so a changed policy or role counts at once.
 * A caller without a token (where the mode lets one write) and `--auth off` are not asked, as before.
 */
import type { Caller } from '../auth/bearer-auth.js';
import { RestliError } from '../errors.js';
import { actorOf, grantedPrivileges } from '../graphql/policy-engine.js';
import type { CatalogStore } from '../store/catalog-store.js';

/** The privileges of the ENTITY API group, by operation. */
const UPDATE = ['EDIT_ENTITY'];
const CREATE = ['CREATE_ENTITY', 'EDIT_ENTITY'];
const DELETE = ['DELETE_ENTITY'];

const BY_CHANGE_TYPE: Readonly<Record<string, readonly string[]>> = {
  CREATE: UPDATE,
  UPSERT: UPDATE,
  UPDATE,
  RESTATE: UPDATE,
  PATCH: UPDATE,
  CREATE_ENTITY: CREATE,
  DELETE,
};

interface EntityWrite {
  urn: string;
  anyOf: readonly string[];
}

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function proposalWrite(proposal: unknown): EntityWrite[] {
  const { entityUrn, changeType } = recordOf(proposal);
  if (typeof entityUrn !== 'string') return [];
  return [{ urn: entityUrn, anyOf: BY_CHANGE_TYPE[String(changeType ?? 'UPSERT')] ?? UPDATE }];
}

/** The entity writes of an operation's checked body, or undefined for an operation that writes no entity. */
function entityWrites(operationId: string, body: unknown): EntityWrite[] | undefined {
  const fields = recordOf(body);
  switch (operationId) {
    case 'ingestProposal':
      return proposalWrite(fields.proposal);
    case 'ingestProposalBatch':
      return (Array.isArray(fields.proposals) ? fields.proposals : []).flatMap(proposalWrite);
    case 'ingestEntity': {
      const snapshot = Object.values(recordOf(recordOf(fields.entity).value))[0];
      const urn = recordOf(snapshot).urn;
      return typeof urn === 'string' ? [{ urn, anyOf: UPDATE }] : [];
    }
    case 'deleteEntity':
      return typeof fields.urn === 'string' ? [{ urn: fields.urn, anyOf: DELETE }] : [];
    default:
      return undefined;
  }
}

/** Whether the operation's writes are decided here, by the policies, rather than by the token's role. */
export const writesEntities = (operationId: string): boolean => entityWrites(operationId, {}) !== undefined;

/** Refuses (403, the message of a role's refusal) a write of an entity the caller's policies do not grant. */
export function authorizeEntityWrites(store: CatalogStore, caller: Caller, operationId: string, body: unknown): void {
  if (caller.role === 'anonymous') return;
  const writes = entityWrites(operationId, body) ?? [];
  if (writes.length === 0) return;
  const actor = actorOf(store, caller.user);
  const decided = new Map<string, boolean>();
  for (const { urn, anyOf } of writes) {
    const key = `${urn}\n${anyOf.join()}`;
    let allowed = decided.get(key);
    if (allowed === undefined) {
      const granted = grantedPrivileges(store, actor, urn);
      allowed = anyOf.some((privilege) => granted.includes(privilege));
      decided.set(key, allowed);
    }
    if (!allowed) throw new RestliError(403, `User ${caller.user} is unauthorized to modify entity ${urn}`);
  }
}
