/**
 * Whose behaviour the mock reproduces where the interface document and a current DataHub GMS differ
 * (spec/upstream-differences.yaml, each entry's `profile`): `document` (the default) follows the
 * document; `upstream` answers as GMS does: its result shapes, authentication on every path but its
 * excluded ones with Spring Boot's 401 body, the bare prefix only, `List(...)` array parameters under
 * protocol 2.0.0, asynchronous indexing, and the ingestion and restoreIndices behaviours the registry
 * lists. Bad input never gets a 5xx in either profile.
 */
export type Profile = 'document' | 'upstream';
export const PROFILES: readonly Profile[] = ['document', 'upstream'];

export function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

/** Index lag by profile: a document service indexes at once; upstream's consumers take about a second. */
export const DEFAULT_INDEX_LAG_MS: Readonly<Record<Profile, number>> = { document: 0, upstream: 1000 };

/**
 * The paths upstream's authentication leaves open (`authentication.excludedPaths` in
 * metadata-service/configuration/src/main/resources/application.yaml, commit 00112498e51c943f657946c0adde2674e20d1c0b),
 * `*` ending a prefix. Endpoints added to the mock that upstream leaves open belong here.
 */
export const UPSTREAM_EXCLUDED_PATHS: string[] = [
  '/schema-registry/*',
  '/health',
  '/health/live',
  '/config',
  '/config/search/export',
  '/public-iceberg/*',
  '/actuator/prometheus',
];

export function isExcludedPath(path: string, excluded: readonly string[] = UPSTREAM_EXCLUDED_PATHS): boolean {
  return excluded.some((pattern) =>
    pattern.endsWith('/*') ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
}

/**
 * The body Spring Boot's error controller answers for a servlet `sendError` (upstream's
 * AuthenticationEnforcementFilter sends 401 "Unauthorized to perform this action."; unrouted paths get
 * 404): `{timestamp, status, error, path}`, as spring-boot's DefaultErrorAttributes builds it
 * (spring-projects/spring-boot, org/springframework/boot/web/servlet/error/DefaultErrorAttributes.java;
 * the message is left out by default, `server.error.include-message: never`).
 */
export function springErrorBody(
  status: number,
  path: string,
): { timestamp: string; status: number; error: string; path: string } {
  const reasons: Record<number, string> = { 401: 'Unauthorized', 404: 'Not Found' };
  return { timestamp: new Date().toISOString(), status, error: reasons[status] ?? 'Error', path };
}
