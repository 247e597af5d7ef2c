/**
 * An asset's health as upstream's EntityHealthResolver computes it (datahub-graphql-core/.../resolvers/health/
 * EntityHealthResolver.java, v1.3.0.1), from the store: the incidents respect FAILs with the count of
 * active incidents raised on the asset (reportedAt the latest one's last update) and PASSes without
 * one; the assertions respect, present only when the asset has assertions with completed runs,
 * FAILs with the assertions whose latest completed run did not succeed and PASSes otherwise.
 */
import type { OutputRecord } from '../records.js';
import { incomingUrns } from './edges.js';
import type { EntityView } from './entity-view.js';
import { incidentsOn } from './incident.js';
import { objectOf, stringOr } from '../json-values.js';

/** Upstream reads at most this many of an asset's assertions. */
const MAX_ASSERTIONS = 500;

function incidentsHealth(view: EntityView, urn: string): OutputRecord {
  const active = incidentsOn(view, urn)
    .filter((incident) => incident.state === 'ACTIVE')
    .sort((a, b) => b.lastUpdated - a.lastUpdated);
  const latest = active[0];
  if (!latest) return view.shapes.record('Health', { type: 'INCIDENTS', status: 'PASS' });
  return view.shapes.record('Health', {
    type: 'INCIDENTS',
    status: 'FAIL',
    reportedAt: latest.lastUpdated,
    message: `${active.length} active incident${active.length > 1 ? 's' : ''}`,
    causes: ['ACTIVE_INCIDENTS'],
  });
}

/** The result type of an assertion's latest completed run on this asset; undefined when it has none. */
function latestResult(view: EntityView, assertion: string, asserteeUrn: string): string | null | undefined {
  const latest = view.store
    .timeseries({ urn: assertion, aspect: 'assertionRunEvent', limit: Number.MAX_SAFE_INTEGER })
    .map((point) => point.value)
    .find((event) => event.status === 'COMPLETE' && event.asserteeUrn === asserteeUrn);
  return latest && stringOr(objectOf(latest.result)?.type);
}

function assertionsHealth(view: EntityView, urn: string): OutputRecord | null {
  const assertions = [...new Set(incomingUrns(view, urn, 'Asserts', MAX_ASSERTIONS))];
  const results = assertions.flatMap((assertion) => {
    const result = latestResult(view, assertion, urn);
    return result === undefined ? [] : [{ assertion, result }];
  });
  if (results.length === 0) return null;
  const failing = results.filter(({ result }) => result !== 'SUCCESS').map(({ assertion }) => assertion);
  return failing.length > 0
    ? view.shapes.record('Health', {
        type: 'ASSERTIONS',
        status: 'FAIL',
        message: `${failing.length} of ${assertions.length} assertions are failing`,
        causes: failing,
      })
    : view.shapes.record('Health', { type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing' });
}

export function healthOf(view: EntityView, urn: string): OutputRecord[] {
  const assertions = assertionsHealth(view, urn);
  return assertions ? [incidentsHealth(view, urn), assertions] : [incidentsHealth(view, urn)];
}
