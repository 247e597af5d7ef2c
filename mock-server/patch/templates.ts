/**
 * The patch templates: for each aspect a PATCH may change, the array fields it addresses by key and
 * the value a patch starts from when the aspect is absent (upstream's getDefault). Upstream keeps one
 * class per aspect under entity-registry/src/main/java/com/linkedin/metadata/aspect/patch/template/
 * (datahub-project/datahub); the commits read are named per entry. Aspects without an entry have no
 * template: a PATCH on them is refused.
 */
import type { KeyedArray } from './keyed-array.js';

export interface AuditStamp {
  time: number;
  actor: string;
}

export interface PatchTemplate {
  /** The array fields a patch addresses as maps. */
  arrays: readonly KeyedArray[];
  /** The value a patch starts from when the aspect has none (the stamp: the system actor, now). */
  initial(stamp: AuditStamp): Record<string, unknown>;
  /** Required fields the template fills in when the value lacks them. */
  required?(stamp: AuditStamp): Record<string, unknown>;
  /** Whether the fineGrainedLineages array is addressed as upstream's lineage map (fine-grained-lineage.ts). */
  fineGrainedLineages?: boolean;
}

const keyed = (path: string, keys: readonly string[], within?: readonly KeyedArray[]): KeyedArray => ({
  path: path.split('.'),
  keys,
  ...(within ? { within } : {}),
});

const edges = (...fields: string[]): KeyedArray[] => fields.map((field) => keyed(field, ['destinationUrn']));
const strings = (...fields: string[]): KeyedArray[] => fields.map((field) => keyed(field, []));

export const PATCH_TEMPLATES: ReadonlyMap<string, PatchTemplate> = new Map<string, PatchTemplate>([
  // dataset/UpstreamLineageTemplate.java @ 104d2db6df81e996d1f879482ef8cdce6a144f88
  [
    'upstreamLineage',
    {
      arrays: [keyed('upstreams', ['dataset'])],
      fineGrainedLineages: true,
      initial: () => ({ upstreams: [], fineGrainedLineages: [] }),
    },
  ],
  // common/GlobalTagsTemplate.java @ 1d4c082be8eed0d2202e90c5affe1f55e60980b5
  ['globalTags', { arrays: [keyed('tags', ['tag'])], initial: () => ({ tags: [] }) }],
  // common/GlossaryTermsTemplate.java @ 1c87f2d59d4101a776483dabca3f7988b65b1bf5: auditStamp is required and deprecated
  [
    'glossaryTerms',
    {
      arrays: [keyed('terms', ['urn', 'attribution.source'])],
      initial: (stamp) => ({ terms: [], auditStamp: stamp }),
      required: (stamp) => ({ auditStamp: stamp }),
    },
  ],
  // common/OwnershipTemplate.java (owner, type, typeUrn @ 09656a7be124d8450af7fca0faf24eb000819745; the
  // attribution source as fourth key in OwnershipTemplateTest.java @ 075b41dc2ac843b78b026c9e8e544baebcfce0b5)
  [
    'ownership',
    {
      arrays: [keyed('owners', ['owner', 'type', 'typeUrn', 'attribution.source'])],
      initial: (stamp) => ({ owners: [], lastModified: stamp }),
    },
  ],
  // dataset/DatasetPropertiesTemplate.java @ 1d4c082be8eed0d2202e90c5affe1f55e60980b5 (customProperties is a map already)
  ['datasetProperties', { arrays: strings('tags'), initial: () => ({ tags: [], customProperties: {} }) }],
  // dataset/EditableDatasetPropertiesTemplate.java @ 79026b9456aecc421d1ec73ee07c1020708e41ad: no arrays
  ['editableDatasetProperties', { arrays: [], initial: () => ({}) }],
  // dataset/EditableSchemaMetadataTemplate.java @ 6413bb60846a8ddf67ec2342e2ce8d49770b2ba7: a field's tags and
  // terms use the GlobalTags and GlossaryTerms templates
  [
    'editableSchemaMetadata',
    {
      arrays: [
        keyed(
          'editableSchemaFieldInfo',
          ['fieldPath'],
          [keyed('globalTags.tags', ['tag']), keyed('glossaryTerms.terms', ['urn', 'attribution.source'])],
        ),
      ],
      initial: (stamp) => ({ created: stamp, lastModified: stamp, editableSchemaFieldInfo: [] }),
    },
  ],
  // common/InstitutionalMemoryTemplate.java @ cb73924fc99d0345e3a876d34797410298865e98
  ['institutionalMemory', { arrays: [keyed('elements', ['url'])], initial: () => ({ elements: [] }) }],
  // chart/ChartInfoTemplate.java @ 8d01a6cf9a970d003664b565e2f4862c83c5e8dd
  [
    'chartInfo',
    {
      arrays: [...edges('inputEdges'), ...strings('inputs')],
      initial: (stamp) => ({
        title: '',
        description: '',
        lastModified: { created: stamp, lastModified: stamp },
        inputEdges: [],
        inputs: [],
      }),
    },
  ],
  // dashboard/DashboardInfoTemplate.java @ 5a4312b40aa5eba02a09a92ccc788e60df54fd6c
  [
    'dashboardInfo',
    {
      arrays: [...edges('chartEdges', 'datasetEdges'), ...strings('datasets', 'charts')],
      initial: (stamp) => ({
        title: '',
        description: '',
        lastModified: { created: stamp, lastModified: stamp },
        chartEdges: [],
        datasetEdges: [],
        datasets: [],
        charts: [],
      }),
    },
  ],
  // datajob/DataJobInputOutputTemplate.java @ 0673d1b494963974a85cbda2d381602c592b9e20
  [
    'dataJobInputOutput',
    {
      arrays: [
        ...edges('inputDatajobEdges', 'inputDatasetEdges', 'outputDatasetEdges'),
        ...strings('inputDatasetFields', 'outputDatasetFields'),
      ],
      fineGrainedLineages: true,
      initial: () => ({
        inputDatajobEdges: [],
        inputDatasetEdges: [],
        outputDatasetEdges: [],
        fineGrainedLineages: [],
        inputDatasetFields: [],
        outputDatasetFields: [],
        inputDatajobs: [],
        inputDatasets: [],
        outputDatasets: [],
      }),
    },
  ],
]);
