/**
 * Two metadata tests over datasets ("has a description", "has an owner") and each dataset's results,
 * so the test endpoint has something to evaluate and the IsPassing / IsFailing relationships exist
 * from the start. The results are what the rules give on the sample's own datasets.
 */
import { DATASETS, type DatasetDefinition } from './dataset-definitions.js';
import { datasetUrn } from './datasets.js';
import type { SampleBuilder } from './sample-builder.js';

interface MetadataTest {
  id: string;
  name: string;
  category: string;
  description: string;
  rules: Record<string, unknown>;
  /** The rule evaluated on a sample dataset's definition. */
  passes(d: DatasetDefinition): boolean;
}

const METADATA_TESTS: readonly MetadataTest[] = [
  {
    id: 'has-description',
    name: 'Dataset has a description',
    category: 'Documentation',
    description: 'Every dataset explains what it holds, either from ingestion or edited in the catalog.',
    rules: { or: [{ exists: 'datasetProperties.description' }, { exists: 'editableDatasetProperties.description' }] },
    passes: (d) => d.description.length > 0 || !!d.editedDescription,
  },
  {
    id: 'has-owner',
    name: 'Dataset has an owner',
    category: 'Ownership',
    description: 'Every dataset has at least one user or group accountable for it.',
    rules: { exists: 'ownership.owners.owner' },
    passes: (d) => d.owners.length > 0,
  },
];

export function addMetadataTests(b: SampleBuilder): void {
  for (const t of METADATA_TESTS) {
    b.add(b.urn('test', t.id), 'testInfo', {
      name: t.name,
      category: t.category,
      description: t.description,
      entityTypes: ['dataset'],
      rules: t.rules,
    });
  }
  for (const d of DATASETS) {
    const result = (outcome: boolean) =>
      METADATA_TESTS.filter((t) => t.passes(d) === outcome).map((t) => ({
        test: b.urn('test', t.id),
        type: outcome ? 'SUCCESS' : 'FAILURE',
      }));
    b.add(datasetUrn(b, d.id), 'testResults', { passing: result(true), failing: result(false) });
  }
}
