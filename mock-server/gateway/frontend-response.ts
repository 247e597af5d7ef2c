/**
 * The responses of the frontend's routes, as Play writes them: a JSON body `{message}` (the form of
 * AuthenticationController's errors), an empty body (Results.ok(), a tracked event), or a redirect,
 * which Play's Results.redirect gives as 303 See Other; each with the cookies it sets.
 */
import type { ServerResponse } from 'node:http';
import { protocolHeaderNow, sendJson } from '../wire/json-response.js';

/** A JSON body `{message}` with this status. */
export function sendMessage(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, JSON.stringify({ message }));
}

/** A response without a body, setting `cookies`. */
export function sendEmpty(res: ServerResponse, status: number, cookies: readonly string[] = []): void {
  protocolHeaderNow(res);
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.writeHead(status, { 'Content-Length': '0' });
  res.end();
}

/** A 303 to `location` (a path of the app), setting `cookies`. */
export function redirect(res: ServerResponse, location: string, cookies: readonly string[] = []): void {
  protocolHeaderNow(res);
  res.setHeader('Location', location);
  sendEmpty(res, 303, cookies);
}
