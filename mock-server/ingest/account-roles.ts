/**
 * The built-in role of each account the mock is started with (a `--token` or `--user` with its `:ROLE`), written
 * as the user's roleMembership (RoleMembership.pdl), as upstream's batchAssignRole stores an assignment. From then
 * on the stored membership decides, so assigning another role on the management screens takes effect at once.
 */
import { makeUrn, type Contract } from '../../spec/index.js';
import type { StartupProposal } from './startup-data.js';

/** A user URN and the name of the built-in role it holds (Admin, Editor, Reader). */
export interface AccountRole {
  user: string;
  role: string;
}

/** One roleMembership per user; where one user is given twice, the last role given wins. */
export function accountRoles(contract: Contract, accounts: readonly AccountRole[]): StartupProposal[] {
  const byUser = new Map(accounts.map(({ user, role }) => [user, role]));
  return [...byUser].map(([user, role]) => ({
    entityType: 'corpuser',
    entityUrn: user,
    changeType: 'UPSERT',
    aspectName: 'roleMembership',
    aspect: { roles: [makeUrn(contract.names.urnPrefix, 'dataHubRole', [role])] },
  }));
}
