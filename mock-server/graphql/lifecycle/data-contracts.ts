/**
 * upsertDataContract (datahub-graphql-core/.../resolvers/datacontract/UpsertDataContractResolver.java and
 * DataContractUtils.java at v1.3.0.1): the caller needs EDIT_ENTITY or EDIT_ENTITY_DATA_CONTRACT over the asset;
 * the asset and every assertion named must exist (upstream's "Provided ... does not exist!", BAD_REQUEST); then
 * dataContractProperties (the asset, the promises of each kind given) and dataContractStatus (the state, ACTIVE
 * when absent) are written, in one transaction, to the contract whose ContractFor edge points at the asset, or to a
 * new `<prefix>dataContract:<id>` (the id given, else a random UUID). The `urn` argument is not read, as upstream's.
 * Where upstream stores what cannot be read back (an asset that is not a dataset, which the ContractFor edge never
 * reaches, a promise checked by something other than an assertion, or the id of another asset's contract) the mock
 * refuses, naming the input field.
 */
import type { GraphqlContext } from '../context.js';
import { contractUrnOf } from '../entities/data-contract.js';
import type { EntityView } from '../entities/entity-view.js';
import { authorizeAll } from '../edits/resources.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { newEntityUrn } from './new-entity.js';

const ENTITY = 'dataContract';
const KINDS = ['freshness', 'schema', 'dataQuality'] as const;

interface UpsertDataContractInput {
  entityUrn: string;
  freshness?: readonly { assertionUrn: string }[] | null;
  schema?: readonly { assertionUrn: string }[] | null;
  dataQuality?: readonly { assertionUrn: string }[] | null;
  state?: string | null;
  id?: string | null;
}

function validateInput(ctx: GraphqlContext, input: UpsertDataContractInput): void {
  if (!ctx.store.entityExists(input.entityUrn))
    throw badRequestError(`Provided entity with urn ${input.entityUrn} does not exist!`);
  for (const kind of KINDS) {
    (input[kind] ?? []).forEach(({ assertionUrn }, i) => {
      if (targetUrn(ctx, assertionUrn).entity.name !== 'assertion')
        throw badRequestError(`input.${kind}[${i}].assertionUrn: ${assertionUrn} is not an assertion URN`);
      if (!ctx.store.entityExists(assertionUrn))
        throw badRequestError(`Provided assertion with urn ${assertionUrn} does not exist!`);
    });
  }
}

/** A new contract's URN; an id another asset's contract holds is refused (its asset would lose its contract). */
function newContractUrn(ctx: GraphqlContext, id: string | null | undefined): string {
  const urn = newEntityUrn(ctx, ENTITY, id);
  if (ctx.store.entityExists(urn))
    throw badRequestError(`input.id: the data contract ${urn} already exists for another asset`);
  return urn;
}

export function upsertDataContract(
  ctx: GraphqlContext,
  view: EntityView,
  input: UpsertDataContractInput,
): OutputRecord | null {
  const write = authorizeAll(ctx, [input.entityUrn], ['EDIT_ENTITY_DATA_CONTRACT']);
  if (targetUrn(ctx, input.entityUrn).entity.name !== 'dataset')
    throw badRequestError(`input.entityUrn: ${input.entityUrn} is not a dataset; a contract is for a dataset`);
  validateInput(ctx, input);
  const urn = contractUrnOf(ctx.store, input.entityUrn) ?? newContractUrn(ctx, input.id);
  const properties: Record<string, unknown> = { entity: input.entityUrn };
  for (const kind of KINDS) {
    const promises = input[kind];
    if (promises != null) properties[kind] = promises.map(({ assertionUrn }) => ({ assertion: assertionUrn }));
  }
  ctx.store.transaction(() => {
    ctx.store.upsertAspect(ENTITY, urn, 'dataContractProperties', properties, { ...write, valueRoot: 'input' });
    ctx.store.upsertAspect(
      ENTITY,
      urn,
      'dataContractStatus',
      { state: input.state ?? 'ACTIVE' },
      { ...write, valueRoot: 'input' },
    );
  });
  return view.entity(urn);
}
