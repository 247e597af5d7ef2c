/**
 * The mock's built-in sample catalog: a small online retailer's data estate (people, datasets with
 * lineage in their containers, charts and dashboards, pipelines, ML models and features, domains and
 * data products, applications, tags and glossary, structured properties, home page posts, time series,
 * metadata tests, saved views), as UPSERT
 * proposals in the contract's namespace. Deterministic: every call with the same reference time gives
 * the same list, and every time in it is reckoned from that time, never read from the clock.
 */
import type { Contract } from '../../spec/index.js';
import { addAdministration } from './administration.js';
import { addAnnouncements } from './announcements.js';
import { addApplications } from './applications.js';
import { addChartsAndDashboards } from './charts-and-dashboards.js';
import { addContainers } from './containers.js';
import { addDatasetVersions } from './dataset-versions.js';
import { addDatasets } from './datasets.js';
import { addDomainsAndProducts } from './domains-and-products.js';
import { addGlossaryAndTags } from './glossary-and-tags.js';
import { addGlossaryRelationsAndAttributes } from './glossary-relations-and-attributes.js';
import { addHistoryAndQuality } from './history-and-quality.js';
import { addIngestionSources } from './ingestion-sources.js';
import { addMetadataTests } from './metadata-tests.js';
import { addMlModels } from './ml-models.js';
import { addPeople } from './people.js';
import { addPipelines } from './pipelines.js';
import { addPlatforms } from './platforms.js';
import { addQueriesAndContracts } from './queries-and-contracts.js';
import { addSavedViews } from './saved-views.js';
import { SampleBuilder, type SampleProposal } from './sample-builder.js';
import { addStructuredProperties } from './structured-properties.js';
import { addTimeSeries } from './time-series.js';

export type { SampleProposal } from './sample-builder.js';

/** `referenceTime`: the sample's "now", midnight UTC of its reference day (`../ingest/reference-day.ts`); its history ends on it. */
export function sampleCatalog(contract: Contract, referenceTime: number): SampleProposal[] {
  const b = new SampleBuilder(contract, referenceTime);
  addPlatforms(b);
  addPeople(b);
  addGlossaryAndTags(b);
  addGlossaryRelationsAndAttributes(b);
  addHistoryAndQuality(b);
  addDatasets(b);
  addDatasetVersions(b);
  addChartsAndDashboards(b);
  addContainers(b);
  addPipelines(b);
  addMlModels(b);
  addDomainsAndProducts(b);
  addApplications(b);
  addStructuredProperties(b);
  addAnnouncements(b);
  addMetadataTests(b);
  addSavedViews(b);
  addTimeSeries(b);
  addQueriesAndContracts(b);
  addAdministration(b);
  addIngestionSources(b);
  return b.proposals;
}
