/**
 * The mock's state as one session sees it: the contract, the store, the search index and the tasks of
 * the running server, or of a session's copy of it (sessions.ts). Every handler, resolver and admin
 * endpoint works on one; a session is one of these with its journal, faults and settings.
 */
import type { Contract } from '../../spec/index.js';
import type { TaskRegistry } from '../operations/index.js';
import type { Profile } from '../profile.js';
import type { SearchIndex } from '../search/index.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { Journal } from './journal.js';
import type { OperationCounts } from './operation-counts.js';

export interface MockContext {
  contract: Contract;
  store: CatalogStore;
  /** Answers search, browse and autocomplete with the response `value`. */
  discovery: SearchIndex;
  /** The asynchronous tasks (time series truncation) of this server. */
  tasks: TaskRegistry;
  /** Whose behaviour to reproduce where the document and upstream differ (../profile.ts). */
  profile: Profile;
  /** The session's request journal, once the context is a session's: what the recently viewed and edited entities are read from. */
  journal?: Journal;
  /** The session's per-operation GraphQL counts, once the context is a session's (operation-counts.ts). */
  operationCounts?: OperationCounts;
}
