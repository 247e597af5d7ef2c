/**
 * The mock without a socket: the store, its start-up data, the sessions and the one request listener
 * every request goes through, with `fetch` answering from that listener in the process. A server is
 * this plus a listening socket (`createMockServer`); a frontend's tests use it as it is, or through
 * MSW (`catalog-contract/msw`).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadContract, type Contract } from '../../spec/index.js';
import { ScenarioCatalog } from '../admin/index.js';
import { SessionRegistry } from '../controls/sessions.js';
import { createRequestListener } from '../transport/listener-assembly.js';
import { loadTeamSchema } from '../graphql/team-schema.js';
import type { TeamSchema } from '../graphql/overlay/load.js';
import { authConfig, defaultTokens, upstreamRoleOf, type AuthConfig, type TokenGrant } from '../auth/bearer-auth.js';
import { userAccounts, type UserAccount } from '../auth/users.js';
import type { MockContext } from '../controls/mock-context.js';
import type { RequestHandler } from '../transport/metadata-store-handler.js';
import { TaskRegistry } from '../operations/index.js';
import {
  DEFAULT_GRAPHQL_COMPLEXITY_LIMIT,
  DEFAULT_GRAPHQL_DEPTH_LIMIT,
  checkServerOptions,
  DEFAULT_JOURNAL_BYTES,
  DEFAULT_JOURNAL_SIZE,
  DEFAULT_MAX_BODY,
  GRAPHQL_LIST_ITEMS_LIMIT,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_REQUEST_BUDGET_MS,
  consoleLogger,
  type MockLogger,
  type MockServerOptions,
} from '../options.js';
import { DEFAULT_INDEX_LAG_MS, type Profile } from '../profile.js';
import { sampleCatalog } from '../sample/index.js';
import { createSearchIndex } from '../search/index.js';
import { readSeedFile, replayHar, type HarReplay } from '../seed/index.js';
import { describeSkip, loadProposals, type LoadReport } from '../ingest/startup-data.js';
import { referenceTime } from '../ingest/reference-day.js';
import { CatalogStore } from '../store/catalog-store.js';
import type { AccountRole } from '../ingest/account-roles.js';
import { systemEntities } from '../ingest/system-entities.js';
import type { MockFetch } from '../wire/mock-fetch.js';
import { injectedFetch } from './injected-fetch.js';

/** The options of `createMockServer` that do not concern its socket. */
export type MockOptions = Omit<MockServerOptions, 'port' | 'host'>;

export interface Mock {
  /** A WHATWG fetch answered by the mock in this process: no socket, never the global fetch. A path alone (`/entities?...`) is taken as under `http://localhost`. */
  fetch: MockFetch;
  /** The request listener itself, for a server of one's own (`http.createServer(mock.listener)`). */
  listener: RequestHandler;
  /** The default session's store. */
  store: CatalogStore;
  /** The tokens the mock accepts. */
  tokens: TokenGrant[];
  /** Who may sign in through the frontend gateway (`POST /logIn`). */
  users: UserAccount[];
  auth: AuthConfig;
  /** What the sample catalog (when loaded) and each seed file contributed. */
  loaded: LoadReport[];
  /** What each `seedHar` capture contributed: writes applied and refused, reads checked. */
  harReplays: HarReplay[];
  /**
   * The team's GraphQL schema served in place of the built-in SDL, with every signature difference from
   * it; `fromSeed` names the seed file whose sibling it is. Absent when the built-in SDL is served.
   */
  graphqlSchema?: ServedGraphqlSchema;
  /** Closes every session's store; the mock answers nothing afterwards (`fetch` rejects with a TypeError saying so). */
  close(): Promise<void>;
}

/** A team's schema as served, and the seed file it came beside when no `graphqlSchema` option gave it. */
export type ServedGraphqlSchema = TeamSchema & { fromSeed?: string };

/** `FILE.schema.json` beside a seed file `FILE.json` (what `pull` records beside its output), or undefined. */
export function seedSchemaSibling(seedFile: string): string | undefined {
  if (!seedFile.endsWith('.json') || seedFile.endsWith('.schema.json')) return undefined;
  return `${seedFile.slice(0, -'.json'.length)}.schema.json`;
}

/** The schema to serve: the option's, else the sibling of the first seed file that has one; read and checked at start. */
async function servedGraphqlSchema(options: MockOptions, contract: Contract): Promise<ServedGraphqlSchema | undefined> {
  if (options.graphqlSchema !== undefined) return loadTeamSchema(options.graphqlSchema, contract.graphqlSdl);
  for (const seed of options.seed ?? []) {
    const sibling = seedSchemaSibling(seed);
    if (sibling !== undefined && existsSync(sibling))
      return { ...(await loadTeamSchema(sibling, contract.graphqlSdl)), fromSeed: seed };
  }
  return undefined;
}

/** A store with its search index and tasks: from a file or empty in memory, or from an image of the start-up state. */
function openContext(
  contract: Contract,
  source: { path?: string; image?: Buffer },
  taskDelayMs: number,
  profile: Profile,
  logger: MockLogger,
): MockContext {
  const discovery = createSearchIndex(contract);
  // Upstream stores an aspect as sent; the document's reading fills the schema defaults in.
  const onCommitFailure = (error: unknown) =>
    logger(
      `a tick's writes could not be committed, and the connections of their responses were closed: ${(error as Error).stack ?? String(error)}`,
      'error',
    );
  const store = new CatalogStore({
    contract,
    ...source,
    derived: [discovery],
    fillDefaults: profile !== 'upstream',
    onCommitFailure,
  });
  return {
    contract,
    store,
    discovery,
    tasks: new TaskRegistry({ taskDelayMs, whenWritable: (batch) => store.reads.afterReads(batch) }),
    profile,
  };
}

/** The built-in role of each configured token's user, then of each sign-in account (a user given twice: the account's). */
function accountRolesOf(
  contract: Contract,
  tokens: readonly TokenGrant[],
  users: readonly UserAccount[],
): AccountRole[] {
  return [
    ...tokens.map((grant) => ({ user: grant.user, role: upstreamRoleOf(grant) })),
    ...users.map((account) => ({ user: `${contract.names.urnPrefix}corpuser:${account.name}`, role: account.role })),
  ];
}

export async function createMock(options: MockOptions = {}): Promise<Mock> {
  checkServerOptions(options);
  const contract = loadContract(options.namespace ?? 'svc');
  // A team's schema that does not build refuses the start before any store is opened.
  const graphqlSchema = await servedGraphqlSchema(options, contract);
  const logger = options.logger ?? consoleLogger;
  const taskDelayMs = options.taskDelayMs ?? 0;
  // An existing data file keeps its catalog: reloading the sample would undo the edits made to it.
  const freshStore = !options.data || !existsSync(options.data);
  const profile = options.profile ?? 'document';
  if (options.data) mkdirSync(dirname(options.data), { recursive: true });
  const context = openContext(contract, options.data ? { path: options.data } : {}, taskDelayMs, profile, logger);
  const { store } = context;
  try {
    const startupTime = referenceTime(options.referenceDay);
    const tokens = options.tokens ?? defaultTokens(contract.names);
    const users = userAccounts(options.users);
    const accounts = accountRolesOf(contract, tokens, users);
    const scenarios = new ScenarioCatalog(contract, startupTime, options.scenarios, accounts);
    const loaded: LoadReport[] = [];
    if (freshStore) {
      const booted = loadProposals(
        store,
        'system entities',
        systemEntities(contract, startupTime, accounts),
        startupTime,
      );
      if (booted.rejected > 0)
        throw new Error(
          `the system entities do not fit the registry: ${booted.skipped.map((skip) => describeSkip('system entities', skip)).join('; ')}`,
        );
    }
    if (options.sample !== false && freshStore)
      loaded.push(loadProposals(store, 'sample catalog', sampleCatalog(contract, startupTime), startupTime));
    for (const file of options.seed ?? []) {
      const seed = readSeedFile(file, contract);
      loaded.push(loadProposals(store, file, seed.proposals, startupTime, seed.skipped));
    }
    const indexLagMs = options.indexLagMs ?? DEFAULT_INDEX_LAG_MS[profile];

    const sessions = new SessionRegistry({
      defaultContext: context,
      openContext: (image) => {
        const opened = openContext(contract, { image }, taskDelayMs, profile, logger);
        opened.store.markStartupState();
        opened.store.indexLagMs = indexLagMs;
        return opened;
      },
      maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
      journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
      journalBytes: options.journalBytes ?? DEFAULT_JOURNAL_BYTES,
      settings: { latencyMs: options.latencyMs ?? 0, jitterMs: options.jitterMs ?? 0, indexLagMs },
    });
    const auth = authConfig(options.auth ?? 'standard', tokens, contract.names);
    const listener = createRequestListener({
      contract,
      sessions,
      scenarios,
      auth,
      users,
      maxBody: options.maxBody ?? DEFAULT_MAX_BODY,
      logger,
      adminToken: options.adminToken,
      profile,
      graphqlLimits: {
        depth: options.graphqlDepthLimit ?? DEFAULT_GRAPHQL_DEPTH_LIMIT,
        complexity: options.graphqlComplexityLimit ?? DEFAULT_GRAPHQL_COMPLEXITY_LIMIT,
        listItems: GRAPHQL_LIST_ITEMS_LIMIT,
        budgetMs: options.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS,
      },
      ...(graphqlSchema ? { servedSdl: graphqlSchema.document } : {}),
    });
    const served = injectedFetch(listener);
    let open = true;
    // After close() the store is gone: a request would find no database, so fetch refuses it, as a fetch of a closed port does.
    const fetch: MockFetch = (input, init) =>
      open
        ? served(input, init)
        : Promise.reject(new TypeError('mock.fetch: the mock is closed (close() was called); create another mock'));
    const harReplays: HarReplay[] = [];
    if (options.seedHar?.length) {
      // The captures' writes go through the API (routes, checks, GraphQL resolvers), in the process,
      // before any client can reach the mock; the journal does not keep them.
      const admin = tokens.find((grant) => grant.role === 'admin')?.token;
      for (const file of options.seedHar) harReplays.push(await replayHar(file, { fetch, contract, token: admin }));
      for (const journal of sessions.journals()) journal.clear();
    }
    // The start-up data (sample, seed files, captures) is indexed at once and is what a reset returns
    // to; only the API's writes from now on wait for the lag.
    store.markStartupState();
    store.indexLagMs = indexLagMs;
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> => {
      open = false;
      return (closed ??= Promise.resolve().then(() => {
        context.tasks.close();
        sessions.close();
        store.close();
      }));
    };
    return {
      fetch,
      listener,
      store,
      tokens,
      users,
      auth,
      loaded,
      harReplays,
      ...(graphqlSchema ? { graphqlSchema } : {}),
      close,
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
