/**
 * The face of `pull/`, and the one `bin/pull.ts` and `bin/proxy.ts` import: `pullSlice(options)` reads a
 * slice of a deployment (slice.ts) and `writeSeedFile` writes it as a seed file the mock loads unchanged,
 * `writeSchemaFile` the deployment's GraphQL schema beside it (graphql-schema.ts);
 * `createRecording` turns the proxy's exchanges into such a pull (`proxy --record`); `redactPatterns`
 * reads the `--redact` patterns. Read-only, polite (deployment-reader.ts); the token goes into request
 * headers only.
 */
export { pullSlice, writeSeedFile, type PullOptions, type PullResult } from './slice.js';
export { schemaFileOf, writeSchemaFile, type PulledSchema } from './graphql-schema.js';
export { ReadError, UnusableAnswerError, DEFAULT_CONCURRENCY, DEFAULT_RATE } from './deployment-reader.js';
export { DEFAULT_SEARCH_LIMIT, type Selection } from './selection.js';
export type { SeedEntry, TimeWindow } from './entity-proposals.js';
export { redactionPattern, redactPatterns, RedactionPatternError } from './redaction.js';
export { createRecording, type RecordedExchange, type RecordedResponse, type Recording } from './recording.js';
