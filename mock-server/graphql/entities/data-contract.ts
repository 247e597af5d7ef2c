/**
 * Data contracts as upstream maps them (datahub-graphql-core/.../types/datacontract/DataContractMapper.java,
 * v1.3.0.1): the asset and the freshness, schema and data quality assertions from dataContractProperties,
 * the state from dataContractStatus, structured properties. An asset's `contract` is the contract whose
 * ContractFor edge points at it, the first when there are several
 * (.../resolvers/datacontract/EntityDataContractResolver.java); null when none does.
 */
import type { CatalogStore } from '../../store/catalog-store.js';
import { objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { structuredPropertiesRecord } from './catalog-fields.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

const CONTRACT_FOR = 'ContractFor';

/** The promises of one kind, each checked by the assertion it names. */
function promises(view: EntityView, typeName: string, value: unknown): OutputRecord[] | null {
  if (!Array.isArray(value)) return null;
  return objectsOf(value).map((promise) => {
    const assertion = stringOr(promise.assertion);
    return view.shapes.record(typeName, { assertion: () => (assertion ? view.entity(assertion) : null) });
  });
}

function contractProperties(view: EntityView, aspect: JsonObject): OutputRecord {
  return view.shapes.record('DataContractProperties', {
    entityUrn: stringOr(aspect.entity),
    freshness: promises(view, 'FreshnessContract', aspect.freshness),
    schema: promises(view, 'SchemaContract', aspect.schema),
    dataQuality: promises(view, 'DataQualityContract', aspect.dataQuality),
  });
}

export function dataContractRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('DataContract', {
    urn,
    type: 'DATA_CONTRACT',
    properties: () => {
      const aspect = stored.aspect('dataContractProperties');
      return aspect ? contractProperties(view, aspect) : null;
    },
    status: () => {
      const aspect = stored.aspect('dataContractStatus');
      return aspect ? view.shapes.record('DataContractStatus', { state: stringOr(aspect.state) }) : null;
    },
    structuredProperties: () => structuredPropertiesRecord(view, stored.aspect('structuredProperties'), urn),
    relationships: relationshipsOf(view, urn),
  });
}

/** The URN of an asset's contract: the first entity with a ContractFor edge to it, or null. */
export function contractUrnOf(store: CatalogStore, urn: string): string | null {
  const page = store.relationships({ urn, direction: 'INCOMING', types: [CONTRACT_FOR], start: 0, count: 1 });
  return page.relationships[0]?.entity ?? null;
}

/** The contract for an asset, or null. */
export function assetContract(view: EntityView, urn: string): OutputRecord | null {
  const contract = contractUrnOf(view.store, urn);
  return contract ? view.entity(contract) : null;
}
