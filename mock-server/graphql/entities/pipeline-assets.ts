/**
 * Data flows and data jobs as upstream's DataFlowMapper and DataJobMapper map them
 * (datahub-graphql-core/.../types/dataflow/mappers/DataFlowMapper.java and
 * .../types/datajob/mappers/DataJobMapper.java): a flow's orchestrator, flow id and cluster and a
 * job's flow and job id from the URN (the key aspect), properties from the info aspect (name,
 * description, project, externalUrl, customProperties), a job's inputOutput from
 * dataJobInputOutput (each list empty when the aspect lacks it), the edited description from
 * editableDataFlowProperties / editableDataJobProperties, a job's runs (./process-instance.ts), a job's
 * platform from dataPlatformInstance and its transformations from dataTransformLogic
 * (.../types/common/mappers/DataTransformLogicMapper.java), and the page fields every entity shares.
 * A flow's platform is its orchestrator's.
 */
import { makeUrn, tryParseUrn } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { fineGrainedLineageRecords } from './fine-grained-lineages.js';
import { pageFields } from './page-fields.js';
import { jobRuns, type RunsArgs } from './process-instance.js';
import { queryStatementRecord } from './query-entity.js';

function properties(
  view: EntityView,
  typeName: string,
  urn: string,
  info: JsonObject | undefined,
  own: Record<string, unknown>,
): OutputRecord | null {
  if (!info) return null;
  return view.shapes.record(typeName, {
    name: stringOr(info.name) ?? '',
    description: stringOr(info.description),
    externalUrl: stringOr(info.externalUrl),
    customProperties: customPropertiesRecords(view, info.customProperties, urn),
    ...own,
  });
}

function editable(view: EntityView, typeName: string, aspect: JsonObject | undefined): OutputRecord | null {
  return aspect ? view.shapes.record(typeName, { description: stringOr(aspect.description) }) : null;
}

export function dataFlowRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [orchestrator = '', flowId = '', cluster = ''] = tryParseUrn(urn)?.parts ?? [];
  return view.shapes.recordWithShared('DataFlow', pageFields(view, urn, stored), {
    urn,
    type: 'DATA_FLOW',
    orchestrator,
    flowId,
    cluster,
    platform: () => view.dataPlatform(makeUrn(view.urnPrefix, 'dataPlatform', [orchestrator])),
    properties: () => {
      const info = stored.aspect('dataFlowInfo');
      return properties(view, 'DataFlowProperties', urn, info, { project: stringOr(info?.project) });
    },
    editableProperties: () => editable(view, 'DataFlowEditableProperties', stored.aspect('editableDataFlowProperties')),
  });
}

function inputOutput(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('DataJobInputOutput', {
    inputDatasets: () => stringsOf(aspect.inputDatasets).flatMap((urn) => view.entity(urn) ?? []),
    outputDatasets: () => stringsOf(aspect.outputDatasets).flatMap((urn) => view.entity(urn) ?? []),
    inputDatajobs: () => stringsOf(aspect.inputDatajobs).flatMap((urn) => view.entity(urn) ?? []),
    fineGrainedLineages: () => fineGrainedLineageRecords(view, aspect.fineGrainedLineages),
  });
}

/** A job's transformations; a transform without a query statement has a null one. */
function dataTransformLogic(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const transforms = objectsOf(aspect.transforms).map((transform) => {
    const statement = objectOf(transform.queryStatement);
    return view.shapes.record('DataTransform', {
      queryStatement: statement ? queryStatementRecord(view, statement) : null,
    });
  });
  return view.shapes.record('DataTransformLogic', { transforms });
}

export function dataJobRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const [flow = '', jobId = ''] = tryParseUrn(urn)?.parts ?? [];
  return view.shapes.recordWithShared('DataJob', pageFields(view, urn, stored), {
    urn,
    type: 'DATA_JOB',
    jobId,
    dataFlow: () => (flow ? view.entity(flow) : null),
    properties: () => properties(view, 'DataJobProperties', urn, stored.aspect('dataJobInfo'), {}),
    inputOutput: () => inputOutput(view, stored.aspect('dataJobInputOutput')),
    editableProperties: () => editable(view, 'DataJobEditableProperties', stored.aspect('editableDataJobProperties')),
    runs: (args: RunsArgs) => jobRuns(view, urn, args),
    platform: () => {
      const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
      return platform ? view.dataPlatform(platform) : null;
    },
    dataTransformLogic: () => dataTransformLogic(view, stored.aspect('dataTransformLogic')),
  });
}
