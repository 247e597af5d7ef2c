/**
 * Sessions: isolated copies of the mock for tests that run side by side on one server. A request
 * names its session with the `X-Mock-Session` header or the path prefix `/__session/<id>`; a new id
 * gets a copy of the start-up state (in memory, whatever `--data` says) on first use. Without either,
 * a request works on the default session, the server's own store. Each session has its own store,
 * request journal, faults and settings.
 */
import type { IncomingMessage } from 'node:http';
import type { Contract, JsonSchema } from '../../spec/index.js';
import { SESSION_PREFIX } from '../addresses.js';
import { badRequest, notFound, RestliError } from '../errors.js';
import type { MockContext } from './mock-context.js';
import { FaultList } from './faults.js';
import { Journal } from './journal.js';
import { OperationCounts } from './operation-counts.js';
import type { SessionSettings } from './settings.js';

/** A session id's pattern, as the spec gives it (the X-Mock-Session parameter's schema, MockAdmin.yaml's SessionId). */
function sessionIdPattern(contract: Contract): RegExp {
  const parameters = (contract.openapi.components as JsonSchema).parameters as Record<string, { schema: JsonSchema }>;
  return new RegExp(parameters.MockSession!.schema.pattern as string);
}

export interface MockSession {
  /** undefined for the default session. */
  id: string | undefined;
  context: MockContext;
  journal: Journal;
  /** Per-operation GraphQL counts, kept apart from the journal and its caps. */
  operationCounts: OperationCounts;
  faults: FaultList;
  settings: SessionSettings;
  /** The scenario loaded last (what a reset returns to), undefined when none was. */
  scenario: string | undefined;
  closed: boolean;
}

export interface SessionRegistrySettings {
  /** The server's own context: the default session. */
  defaultContext: MockContext;
  /** A context whose store starts from this image of the start-up state. */
  openContext(image: Buffer): MockContext;
  maxSessions: number;
  journalSize: number;
  /** Bytes each session's journal keeps at most (journal.ts). */
  journalBytes: number;
  /** The settings every session starts with (the command line's latency). */
  settings: SessionSettings;
}

/** The session id and the request target without the session prefix; a 400 (naming the pattern) when the id does not match `pattern` or prefix and header disagree. */
function sessionScope(
  url: string,
  header: string | string[] | undefined,
  pattern: RegExp,
): { id: string | undefined; url: string } {
  let id: string | undefined;
  let rest = url;
  if (url.startsWith(SESSION_PREFIX)) {
    const end = url.slice(SESSION_PREFIX.length).search(/[/?]/);
    id = end < 0 ? url.slice(SESSION_PREFIX.length) : url.slice(SESSION_PREFIX.length, SESSION_PREFIX.length + end);
    rest = end < 0 ? '/' : url.slice(SESSION_PREFIX.length + end);
    if (rest[0] === '?') rest = `/${rest}`;
    if (!pattern.test(id)) throw badRequest(`path: session id must match pattern "${pattern.source}", got "${id}"`);
  }
  if (header !== undefined) {
    const named = Array.isArray(header) ? header.join(',') : header;
    if (!pattern.test(named))
      throw badRequest(`header X-Mock-Session: must match pattern "${pattern.source}", got "${named}"`);
    if (id !== undefined && id !== named)
      throw badRequest(`header X-Mock-Session: '${named}' names another session than the path prefix '${id}'`);
    id = named;
  }
  return { id, url: rest };
}

export class SessionRegistry {
  readonly defaultSession: MockSession;
  private readonly sessions = new Map<string, MockSession>();
  private image: Buffer | undefined;
  /** Journal ids count across sessions, so `since` orders every session's entries alike. */
  private requestIds = 0;

  private readonly idPattern: RegExp;

  constructor(private readonly settings: SessionRegistrySettings) {
    this.defaultSession = this.session(undefined, settings.defaultContext);
    this.idPattern = sessionIdPattern(settings.defaultContext.contract);
  }

  /** The session a request names (path prefix or header) and its target without the prefix; a 400 when the id is malformed or the two disagree. */
  scope(url: string, header: string | string[] | undefined): { id: string | undefined; url: string } {
    return sessionScope(url, header, this.idPattern);
  }

  get maxSessions(): number {
    return this.settings.maxSessions;
  }

  /** The session of an id, made on first use; a 429 when making it would pass the limit. */
  get(id: string | undefined): MockSession {
    if (id === undefined) return this.defaultSession;
    const known = this.sessions.get(id);
    if (known) return known;
    if (this.sessions.size >= this.settings.maxSessions) {
      throw new RestliError(
        429,
        `session '${id}': the server holds its limit of ${this.settings.maxSessions} sessions (--max-sessions); discard one with DELETE /__mock/sessions/<id>`,
      );
    }
    const session = this.session(id, this.settings.openContext(this.startupImage()));
    this.sessions.set(id, session);
    return session;
  }

  list(): MockSession[] {
    return [...this.sessions.values()];
  }

  /** Every session's journal, the default one first. */
  journals(): Journal[] {
    return [this.defaultSession.journal, ...this.list().map((s) => s.journal)];
  }

  /** Every session's per-operation counts, the default one first. */
  operationCounts(): OperationCounts[] {
    return [this.defaultSession.operationCounts, ...this.list().map((s) => s.operationCounts)];
  }

  nextRequestId(): number {
    return ++this.requestIds;
  }

  discard(id: string): void {
    const session = this.sessions.get(id);
    if (!session) throw notFound(`session '${id}' does not exist`);
    this.sessions.delete(id);
    closeSession(session);
  }

  /**
   * The start-up state as sessions copy it, taken from the default store once (and kept: the
   * default session may move on, or load a scenario, which makes that its start-up state).
   */
  startupImage(): Buffer {
    this.image ??= this.settings.defaultContext.store.startupImage();
    return this.image;
  }

  close(): void {
    for (const session of this.sessions.values()) closeSession(session);
    this.sessions.clear();
  }

  private session(id: string | undefined, context: MockContext): MockSession {
    const operationIds = new Set(context.contract.operations.map((op) => op.operationId));
    const journal = new Journal(this.settings.journalSize, this.settings.journalBytes);
    const operationCounts = new OperationCounts();
    context.journal = journal;
    context.operationCounts = operationCounts;
    return {
      id,
      context,
      journal,
      operationCounts,
      faults: new FaultList(operationIds),
      settings: { ...this.settings.settings },
      scenario: undefined,
      closed: false,
    };
  }
}

/** Closes a discarded session and lets go of what it held: its store and tasks, its journal, its faults. */
function closeSession(session: MockSession): void {
  session.closed = true;
  session.journal.clear();
  session.operationCounts.clear();
  session.faults.clear();
  session.context.tasks.close();
  // A read that yields may still be working on the store: it is closed once that read has ended.
  const { store } = session.context;
  store.reads.afterReads(() => store.close());
}

/** The session of each admin request, set by the listener before express sees the request. */
export const adminSessions = new WeakMap<IncomingMessage, MockSession>();
