/**
 * A team's schema (`--graphql-schema`) read from `path` (a folder of `.graphql` files, one file, or an
 * introspection JSON) and compared with `builtInSdl`; rejects naming the file and line when it does not build.
 * graphql is loaded only when a team's schema is given. A file of its own, so that the package's face exports
 * it without the express types of the endpoint's mounting.
 */
import type { TeamSchema } from './overlay/load.js';

export type { TeamSchema };

export async function loadTeamSchema(path: string, builtInSdl: string): Promise<TeamSchema> {
  return (await import('./overlay/load.js')).loadTeamSchema(path, builtInSdl);
}
