/**
 * The deployment a run checks: the target of the suite's options (deployment/), with the time a response
 * may take (`--timeout-ms`, deployment/'s default of 10 s when not given) on every call of the run.
 */
import { deploymentTarget, type DeploymentTarget, type TargetOptions } from '../deployment/index.js';

/** Where a run sends its calls: the base URL, GraphQL, the gateway (`/api/gms` in front of GMS), the address forms to check, the --token, the --timeout-ms. */
export function targetOf(
  options: Pick<
    TargetOptions,
    'baseUrl' | 'graphqlUrl' | 'prefixes' | 'gatewayUrl' | 'namespace' | 'token' | 'timeoutMs'
  >,
): DeploymentTarget {
  return deploymentTarget(options);
}
