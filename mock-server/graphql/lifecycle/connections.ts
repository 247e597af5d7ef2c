/**
 * upsertConnection (datahub-graphql-core/.../resolvers/connection/UpsertConnectionResolver.java;
 * metadata-io/.../connection/ConnectionService.java at v1.3.0.1): dataHubConnectionDetails (the type, the name:
 * the one given, else the id; the JSON contents, which a JSON connection must have) and dataPlatformInstance (the
 * platform) written at `<prefix>dataHubConnection:<id>`, the id given or a random UUID, replacing what was there;
 * the connection returned. Needs the right to manage connections (the admin role). The contents are stored
 * encrypted, as upstream's SecretService encrypts them (../secret-service.ts), and read back decrypted.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { encryptSecret } from '../secret-service.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { newEntityUrn } from './new-entity.js';

const ENTITY = 'dataHubConnection';

interface UpsertConnectionInput {
  id?: string | null;
  type: string;
  platformUrn: string;
  json?: { blob: string } | null;
  name?: string | null;
}

export function upsertConnection(
  ctx: GraphqlContext,
  view: EntityView,
  input: UpsertConnectionInput,
): OutputRecord | null {
  const urn = newEntityUrn(ctx, ENTITY, input.id);
  const write = authorizeMutation(ctx, urn);
  if (targetUrn(ctx, input.platformUrn).entity.name !== 'dataPlatform')
    throw badRequestError(`input.platformUrn: ${input.platformUrn} is not a dataPlatform URN`);
  if (input.type === 'JSON' && input.json == null)
    throw badRequestError("Connections with type JSON must provide the field 'json'.");
  const details: Record<string, unknown> = { type: input.type };
  const name = input.name ?? input.id;
  if (name != null) details.name = name;
  if (input.json != null) details.json = { encryptedBlob: encryptSecret(input.json.blob) };
  ctx.store.transaction(() => {
    ctx.store.upsertAspect(ENTITY, urn, 'dataHubConnectionDetails', details, { ...write, valueRoot: 'input' });
    ctx.store.upsertAspect(
      ENTITY,
      urn,
      'dataPlatformInstance',
      { platform: input.platformUrn },
      { ...write, valueRoot: 'input' },
    );
  });
  return view.entity(urn);
}
