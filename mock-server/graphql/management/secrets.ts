/**
 * Secrets, as upstream's resolvers keep them (datahub-graphql-core/.../resolvers/ingest/secret/
 * ListSecretsResolver.java, CreateSecretResolver.java, UpdateSecretResolver.java, DeleteSecretResolver.java,
 * v1.3.0.1), each needing MANAGE_SECRETS: dataHubSecretValue at `dataHubSecret:<name>`, its value encrypted
 * (./cipher.ts), never given back by any API in clear. createSecret refuses a name already taken, updateSecret
 * a secret not stored (BAD_REQUEST naming the field); each answers the secret's URN.
 */
import type {
  MutationCreateSecretArgs,
  MutationDeleteSecretArgs,
  MutationUpdateSecretArgs,
  QueryListSecretsArgs,
} from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { encrypt } from './cipher.js';
import { matchesQuery, pageOf } from './lists.js';
import { newUrn, removeEntity, storedOf } from './stored-entities.js';

const ENTITY = 'dataHubSecret';
const ASPECT = 'dataHubSecretValue';
const MANAGE_SECRETS = ['MANAGE_SECRETS'];

export function listSecrets(ctx: GraphqlContext, view: EntityView, { input }: QueryListSecretsArgs): OutputRecord {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), MANAGE_SECRETS)) throw unauthorized();
  const secrets = storedOf(ctx, ENTITY, ASPECT)
    .filter(({ value }) => matchesQuery(input.query, value.name, value.description))
    .sort((a, b) => String(a.value.name).localeCompare(String(b.value.name)));
  const page = pageOf(secrets, input);
  return view.shapes.record('ListSecretsResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    secrets: page.items.map(({ urn, value }) =>
      view.shapes.record('Secret', { urn, name: stringOr(value.name) ?? '', description: stringOr(value.description) }),
    ),
  });
}

function secretValue(
  name: string,
  value: string,
  description: string | null | undefined,
  created: unknown,
): Record<string, unknown> {
  const stored: Record<string, unknown> = { name, value: encrypt(value), created };
  if (description != null) stored.description = description;
  return stored;
}

export function createSecret(ctx: GraphqlContext, { input }: MutationCreateSecretArgs): string {
  const write = authorizePlatform(ctx, MANAGE_SECRETS);
  const urn = newUrn(ctx, ENTITY, input.name);
  targetUrn(ctx, urn, ENTITY);
  if (ctx.store.entityExists(urn)) throw badRequestError(`input.name: a secret named '${input.name}' already exists`);
  const stored = secretValue(input.name, input.value, input.description, { time: write.now, actor: write.actor });
  ctx.store.upsertAspect(ENTITY, urn, ASPECT, stored, { ...write, valueRoot: 'input' });
  return urn;
}

export function updateSecret(ctx: GraphqlContext, { input }: MutationUpdateSecretArgs): string {
  const write = authorizePlatform(ctx, MANAGE_SECRETS);
  targetUrn(ctx, input.urn, ENTITY);
  return ctx.store.transaction(() => {
    const before = ctx.store.getAspect(input.urn, ASPECT, 0)?.value;
    if (!before) throw badRequestError(`input.urn: secret ${input.urn} does not exist`);
    const stored = secretValue(input.name, input.value, input.description, before.created);
    ctx.store.upsertAspect(ENTITY, input.urn, ASPECT, stored, { ...write, valueRoot: 'input' });
    return input.urn;
  });
}

export function deleteSecret(ctx: GraphqlContext, { urn }: MutationDeleteSecretArgs): string {
  const write = authorizePlatform(ctx, MANAGE_SECRETS);
  removeEntity(ctx, ENTITY, urn, write);
  return urn;
}
