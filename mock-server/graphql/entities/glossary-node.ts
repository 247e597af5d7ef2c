/**
 * A glossary node (upstream's GlossaryNodeMapper, datahub-graphql-core/.../types/glossary/mappers/, v1.3.0.1):
 * properties from glossaryNodeInfo (the definition as description, the name falling back to the URN's id, the
 * key aspect's creation as createdOn), ownership, links, structured and display properties. `parentNodes`
 * walks glossaryNodeInfo's parentNode upwards (upstream's ParentNodesResolver, also a term's from
 * glossaryTermInfo); `childrenCount` counts the terms and nodes whose indexed parentNode is the node
 * (GlossaryNodeChildrenCountResolver asks the search index for the `_entityType` counts of that filter);
 * `settings` from assetSettings (AssetSettingsMapper).
 */
import { tryParseUrn, urnLastPart } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { assetSettingsRecord, keyCreatedRecord } from './catalog-fields.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

/** Upstream's limit on the walk up the node chain, which also stops a cycle. */
const MAX_PARENT_NODES = 50;

/** The nodes above an entity whose info aspect (`infoAspect`) names its parentNode, nearest first. */
export function parentNodesRecord(view: EntityView, urn: string, infoAspect: string): OutputRecord {
  const nodes: OutputRecord[] = [];
  const seen = new Set<string>([urn]);
  let parent = stringOr(view.store.getAspect(urn, infoAspect, 0)?.value.parentNode);
  while (parent && !seen.has(parent) && nodes.length < MAX_PARENT_NODES) {
    seen.add(parent);
    const node = tryParseUrn(parent)?.entityType === 'glossaryNode' ? view.entity(parent) : null;
    if (!node) break;
    nodes.push(node);
    parent = stringOr(view.store.getAspect(parent, 'glossaryNodeInfo', 0)?.value.parentNode);
  }
  return view.shapes.record('ParentNodesResult', { count: nodes.length, nodes });
}

/** How many entities of `entity` type the index holds with this parentNode. */
function childrenOfType(view: EntityView, urn: string, entity: string): number {
  return view.discovery.search({
    input: '*',
    entity,
    start: 0,
    count: 0,
    filter: { or: [{ and: [{ field: 'parentNode', value: urn, values: [urn], condition: 'EQUAL' }] }] },
  }).numEntities;
}

export function glossaryNodeRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('GlossaryNode', pageFields(view, urn, stored), {
    urn,
    type: 'GLOSSARY_NODE',
    properties: () => {
      const info = stored.aspect('glossaryNodeInfo');
      // Upstream's key mapping gives a node without info properties holding only its name, when the key is stored.
      if (!info && !stored.latest('glossaryNodeKey')) return null;
      return view.shapes.record('GlossaryNodeProperties', {
        name: stringOr(info?.name) ?? urnLastPart(urn),
        description: stringOr(info?.definition),
        customProperties: info ? customPropertiesRecords(view, info.customProperties, urn) : null,
        createdOn: () => keyCreatedRecord(view, stored, 'glossaryNodeKey'),
      });
    },
    parentNodes: () => parentNodesRecord(view, urn, 'glossaryNodeInfo'),
    settings: () => assetSettingsRecord(view, stored.aspect('assetSettings')),
    childrenCount: () =>
      view.shapes.record('GlossaryNodeChildrenCount', {
        termsCount: childrenOfType(view, urn, 'glossaryTerm'),
        nodesCount: childrenOfType(view, urn, 'glossaryNode'),
      }),
  });
}
