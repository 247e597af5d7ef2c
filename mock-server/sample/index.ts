/**
 * The mock's built-in sample catalog: a small online retailer's data estate (people, datasets with
 * lineage, charts and dashboards, tags and glossary, time series, metadata tests), as UPSERT
 * proposals in the contract's namespace. Deterministic: every call gives the same list, and every
 * time in it is relative to REFERENCE_TIME, never the clock.
 */
import type { Contract } from '../../spec/index.js';
import { addChartsAndDashboards } from './charts-and-dashboards.js';
import { addDatasets } from './datasets.js';
import { addGlossaryAndTags } from './glossary-and-tags.js';
import { addMetadataTests } from './metadata-tests.js';
import { addPeople } from './people.js';
import { addPlatforms } from './platforms.js';
import { SampleBuilder, type SampleProposal } from './sample-builder.js';
import { addTimeSeries } from './time-series.js';

export { REFERENCE_TIME, type SampleProposal } from './sample-builder.js';

export function sampleCatalog(contract: Contract): SampleProposal[] {
  const b = new SampleBuilder(contract);
  addPlatforms(b);
  addPeople(b);
  addGlossaryAndTags(b);
  addDatasets(b);
  addChartsAndDashboards(b);
  addMetadataTests(b);
  addTimeSeries(b);
  return b.proposals;
}
