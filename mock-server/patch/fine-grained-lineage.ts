/**
 * Upstream's FineGrainedLineageTemplateHelper: the fineGrainedLineages array of upstreamLineage and
 * dataJobInputOutput as a map `<transformOperation>/<downstream>/<query>/<upstream>` whose leaves hold
 * {confidenceScore, upstreamType, downstreamType}, so a patch adds or removes one upstream of one
 * downstream field (`/fineGrainedLineages/CREATE/<field urn>/NONE/<field urn>`), and back.
 * Upstream: entity-registry/src/main/java/com/linkedin/metadata/aspect/patch/template/FineGrainedLineageTemplateHelper.java
 * (datahub-project/datahub, commit 4818f71171fe14ddba5053f4af8f749998238fe1).
 */
import { unprocessable } from '../errors.js';
import { isObject } from './keyed-array.js';

type JsonObject = Record<string, unknown>;

const NONE = 'NONE';
const DEFAULT_CONFIDENCE = 1.0;

function child(parent: JsonObject, key: string): JsonObject {
  if (!isObject(parent[key])) parent[key] = {};
  return parent[key] as JsonObject;
}

/** The map a patch addresses; a lineage with other than one downstream cannot be keyed (upstream refuses it too). */
export function fineGrainedLineagesToMap(value: unknown, where: string): JsonObject {
  const map: JsonObject = {};
  const lineages = Array.isArray(value) ? value : [];
  lineages.forEach((lineage, index) => {
    if (!isObject(lineage)) return;
    const downstreams = lineage.downstreams;
    if (!Array.isArray(downstreams) || downstreams.length !== 1) {
      throw unprocessable(
        `${where}: the stored fineGrainedLineages[${index}] has other than exactly one downstream, so it cannot be patched`,
      );
    }
    const upstreams = Array.isArray(lineage.upstreams) ? lineage.upstreams.map(String) : [];
    const upstreamType =
      typeof lineage.upstreamType === 'string'
        ? lineage.upstreamType
        : upstreams[0]?.split(':')[2] === 'dataset'
          ? 'DATASET'
          : 'FIELD_SET';
    const leaf = {
      confidenceScore: typeof lineage.confidenceScore === 'number' ? lineage.confidenceScore : DEFAULT_CONFIDENCE,
      upstreamType,
      downstreamType: typeof lineage.downstreamType === 'string' ? lineage.downstreamType : 'FIELD',
    };
    const operation = typeof lineage.transformOperation === 'string' ? lineage.transformOperation : NONE;
    const query = typeof lineage.query === 'string' ? lineage.query : NONE;
    const queryNode = child(child(child(map, operation), String(downstreams[0])), query);
    for (const upstream of upstreams) queryNode[upstream] = { ...leaf };
  });
  return map;
}

/** The array again: one lineage per (operation, downstream, query) with upstreams left, the lowest confidence of its upstreams. */
export function fineGrainedLineagesToArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const lineages: unknown[] = [];
  for (const [operation, downstreams] of Object.entries(isObject(value) ? value : {})) {
    for (const [downstream, queries] of Object.entries(isObject(downstreams) ? downstreams : {})) {
      for (const [query, upstreams] of Object.entries(isObject(queries) ? queries : {})) {
        const entries = Object.entries(isObject(upstreams) ? upstreams : {});
        if (entries.length === 0) continue;
        let confidenceScore = DEFAULT_CONFIDENCE;
        let upstreamType = 'FIELD_SET';
        let downstreamType = 'FIELD';
        for (const [, leaf] of entries) {
          if (!isObject(leaf)) continue;
          if (typeof leaf.confidenceScore === 'number' && leaf.confidenceScore <= confidenceScore)
            confidenceScore = leaf.confidenceScore;
          if (typeof leaf.upstreamType === 'string') upstreamType = leaf.upstreamType;
          if (typeof leaf.downstreamType === 'string') downstreamType = leaf.downstreamType;
        }
        lineages.push({
          downstreams: [downstream],
          upstreams: entries.map(([upstream]) => upstream),
          ...(query.trim() !== '' && query !== NONE ? { query } : {}),
          upstreamType,
          downstreamType,
          confidenceScore,
          transformOperation: operation,
        });
      }
    }
  }
  return lineages;
}
