/**
 * The server's configuration and health (upstream's `/config` and `/health`), which DataHub's
 * clients call before they send anything. Neither reads the store.
 */
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../spec/index.js';
import type { Handler } from './context.js';

let packageVersion: string | undefined;

/** This package's version: the mock reports it as the server's version. */
function mockVersion(): string {
  packageVersion ??= (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  return packageVersion;
}

/**
 * What upstream's Config servlet answers, with the mock's own facts. The version stays the package's
 * (below 1.0.1): the Python SDK switches to the OpenAPI ingestion endpoints, which the mock does not
 * serve, for a core server of 1.0.1 or later (server_config_util.py). Telemetry is off, so the CLI
 * sends none; PATCH is not applied yet (patchCapable false).
 */
export const getServerConfig: Handler = () => ({
  json: {
    noCode: 'true',
    retention: 'true',
    statefulIngestionCapable: true,
    patchCapable: false,
    supportsImpactAnalysis: false,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    datasetUrnNameCasing: false,
    versions: { 'acryldata/datahub': { version: `v${mockVersion()}`, commit: 'catalog-contract-mock' } },
    telemetry: { enabledCli: false, enabledIngestion: false },
    managedIngestion: { enabled: false, defaultCliVersion: '' },
    datahub: { serverType: 'dev' },
    models: {},
  },
});

/** The status is the answer: an empty 200. */
export const getHealth: Handler = () => ({});
