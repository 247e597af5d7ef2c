/**
 * `POST /logIn {username, password}`, as upstream's AuthenticationController.logIn answers it with its
 * JAAS user file (datahub-frontend/app/controllers/AuthenticationController.java, v1.3.0.1): a known name
 * and its password give 200 with no body and the two cookies of a session (./frontend-session.ts); a
 * blank name is a 400 "User name must not be empty."; a wrong password or an unknown name a 400
 * "Invalid Credentials" (which of the two is not told). Upstream lets a missing password fail as a wrong
 * one and a body that is not JSON fail with a 500; here each is a 400 naming the field.
 */
import type { ServerResponse } from 'node:http';
import { accessRole, type UserAccount } from '../auth/users.js';
import type { BodyRead } from '../wire/api-handler.js';
import type { FrontendSessions } from './frontend-session.js';
import { sendEmpty, sendMessage } from './frontend-response.js';

export interface LogInSettings {
  users: ReadonlyMap<string, UserAccount>;
  sessions: FrontendSessions;
}

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

export function logIn(
  { users, sessions }: LogInSettings,
  read: BodyRead,
  mockSession: string | undefined,
  res: ServerResponse,
): void {
  if (read.failure) return sendMessage(res, read.failure.status, read.failure.message);
  const body = read.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return sendMessage(res, 400, 'body: expected a JSON object {username, password}');
  const { username, password } = body as Record<string, unknown>;
  if (blank(username)) return sendMessage(res, 400, 'User name must not be empty.');
  if (typeof password !== 'string' || password === '') return sendMessage(res, 400, 'Password must not be empty.');
  const account = users.get(username as string);
  if (!account || account.password !== password) return sendMessage(res, 400, 'Invalid Credentials');
  sendEmpty(res, 200, sessions.open(account.name, accessRole(account.role), mockSession));
}
