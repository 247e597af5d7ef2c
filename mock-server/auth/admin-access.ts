/**
 * Who may call the admin endpoints: with an admin token, whoever sends it as a bearer token; without
 * one, only clients on the loopback interface (tests on the same machine), so a mock listening on
 * every interface cannot be reset or faulted from the network.
 */
import type { IncomingMessage } from 'node:http';
import { RestliError } from '../errors.js';

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Throws the 401 or 403 of a request the admin endpoints refuse. */
export function checkAdminAccess(req: IncomingMessage, adminToken: string | undefined): void {
  if (adminToken === undefined) {
    if (!isLoopback(req.socket.remoteAddress))
      throw new RestliError(
        403,
        'The admin endpoints answer only on loopback; start the mock with --admin-token to reach them from elsewhere',
      );
    return;
  }
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (match?.[1] !== adminToken)
    throw new RestliError(401, 'The admin endpoints need Authorization: Bearer <the --admin-token>');
}
