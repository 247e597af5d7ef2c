/**
 * Everything a fresh upstream store holds before any ingestion, whether or not the sample is loaded: the system
 * ownership types (system-ownership-types.ts), the home page's default template and modules with the global
 * settings (system-home-page.ts), the built-in roles and default policies (system-policies.ts), and the role of
 * each account the mock was started with (account-roles.ts). Every fresh store and every loaded scenario starts
 * with them.
 */
import type { Contract } from '../../spec/index.js';
import { accountRoles, type AccountRole } from './account-roles.js';
import type { StartupProposal } from './startup-data.js';
import { systemHomePage } from './system-home-page.js';
import { systemOwnershipTypes } from './system-ownership-types.js';
import { systemPolicies } from './system-policies.js';

export function systemEntities(
  contract: Contract,
  referenceTime: number,
  accounts: readonly AccountRole[] = [],
): StartupProposal[] {
  return [
    ...systemOwnershipTypes(contract, referenceTime),
    ...systemHomePage(contract, referenceTime),
    ...systemPolicies(contract),
    ...accountRoles(contract, accounts),
  ];
}
