/**
 * The deployment a run checks: the target of the suite's options (deployment/), with the suite's own
 * default, 10 s for the responses it waits on with a limit (the pre-flight's and the fuzz phase's).
 */
import { deploymentTarget, type DeploymentTarget, type TargetOptions } from '../deployment/index.js';

export const SUITE_TIMEOUT_MS = 10_000;

/** Where a run sends its calls: the base URL, GraphQL, the gateway (`/api/gms` in front of GMS), the address forms to check, the --token. */
export function targetOf(
  options: Pick<TargetOptions, 'baseUrl' | 'graphqlUrl' | 'prefixes' | 'gatewayUrl' | 'namespace' | 'token'>,
): DeploymentTarget {
  return deploymentTarget({ ...options, timeoutMs: SUITE_TIMEOUT_MS });
}
