/**
 * The mock's built-in sample catalog: a small online retailer's data estate (people, datasets with
 * lineage, charts and dashboards, tags and glossary, time series, metadata tests, saved views), as UPSERT
 * proposals in the contract's namespace. Deterministic: every call with the same reference time gives
 * the same list, and every time in it is reckoned from that time, never read from the clock.
 */
import type { Contract } from '../../spec/index.js';
import { addChartsAndDashboards } from './charts-and-dashboards.js';
import { addDatasets } from './datasets.js';
import { addGlossaryAndTags } from './glossary-and-tags.js';
import { addMetadataTests } from './metadata-tests.js';
import { addPeople } from './people.js';
import { addPlatforms } from './platforms.js';
import { addSavedViews } from './saved-views.js';
import { SampleBuilder, type SampleProposal } from './sample-builder.js';
import { addTimeSeries } from './time-series.js';

export type { SampleProposal } from './sample-builder.js';

/** `referenceTime`: the sample's "now", midnight UTC of its reference day (`../ingest/reference-day.ts`); its history ends on it. */
export function sampleCatalog(contract: Contract, referenceTime: number): SampleProposal[] {
  const b = new SampleBuilder(contract, referenceTime);
  addPlatforms(b);
  addPeople(b);
  addGlossaryAndTags(b);
  addDatasets(b);
  addChartsAndDashboards(b);
  addMetadataTests(b);
  addSavedViews(b);
  addTimeSeries(b);
  return b.proposals;
}
