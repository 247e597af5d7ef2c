/**
 * Everything a fresh upstream store holds before any ingestion, whether or not the sample is loaded: the system
 * ownership types (system-ownership-types.ts), and the home page's default template and modules with the global
 * settings (system-home-page.ts). Every fresh store and every loaded scenario starts with them.
 */
import type { Contract } from '../../spec/index.js';
import type { StartupProposal } from './startup-data.js';
import { systemHomePage } from './system-home-page.js';
import { systemOwnershipTypes } from './system-ownership-types.js';

export function systemEntities(contract: Contract, referenceTime: number): StartupProposal[] {
  return [...systemOwnershipTypes(contract, referenceTime), ...systemHomePage(contract, referenceTime)];
}
