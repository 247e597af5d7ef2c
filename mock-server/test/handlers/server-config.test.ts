/**
 * `GET /config` and `GET /health` as DataHub's clients call them before ingesting: without a token,
 * at every address form, in every auth mode (upstream excludes both paths from authentication:
 * `metadata-service/configuration/src/main/resources/application.yaml`, commit 00112498e51c943f657946c0adde2674e20d1c0b).
 */
import { describe, expect, it } from 'vitest';
import { ADDRESS_FORMS, serverForTests } from '../http-harness.js';
import { javaHeaders, pythonHeaders, send } from '../datahub-client-wire.js';

describe.each(['standard', 'all'] as const)('with --auth %s', (auth) => {
  const server = serverForTests({ auth });

  it.each(ADDRESS_FORMS)(
    'the Python test_connection() accepts %s/config: noCode is "true", versions names the server',
    async (prefix) => {
      const reply = await send(server(), 'GET', `${prefix}/config`, pythonHeaders());
      expect(reply.status).toBe(200);
      // rest_emitter.py fetch_server_config(): `raw_config.get("noCode") == "true"`, else ConfigurationError.
      expect(reply.json.noCode).toBe('true');
      // server_config_util.py parses versions["acryldata/datahub"].version as v<major>.<minor>.<patch>.
      const version =
        /^v(\d+)\.(\d+)\.(\d+)/.exec(reply.json.versions['acryldata/datahub'].version)?.slice(1).map(Number) ?? [];
      // Below 1.0.1, so the SDK stays on the Rest.li endpoints (OPEN_API_SDK needs a core server >= 1.0.1; the mock serves no /openapi).
      const [major = 0, minor = 0, patch = 0] = version;
      expect(version).toHaveLength(3);
      expect(major * 1e6 + minor * 1e3 + patch).toBeLessThan(1_000_001);
      expect(reply.json.statefulIngestionCapable).toBe(true);
    },
  );

  it.each(ADDRESS_FORMS)('the Java testConnection() gets a 200 from %s/config without a token', async (prefix) => {
    expect((await send(server(), 'GET', `${prefix}/config`, javaHeaders())).status).toBe(200);
  });

  it.each(ADDRESS_FORMS)('%s/health answers an empty 200 without a token', async (prefix) => {
    const reply = await send(server(), 'GET', `${prefix}/health`, {});
    expect(reply).toMatchObject({ status: 200, text: '' });
  });

  it('ignores a token it does not know on /config, as the authentication filter of upstream skips its excluded paths', async () => {
    const reply = await send(server(), 'GET', '/config', pythonHeaders('not-a-token'));
    expect(reply.status).toBe(200);
  });
});
