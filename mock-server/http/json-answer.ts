/**
 * Writes a JSON answer on node's response with the headers clients have always seen from this server:
 * the media type with its charset and the Content-Length (a HEAD gets both, without the body).
 */
import type { ServerResponse } from 'node:http';

/** The text of each JSON answer sent, for the request journal (a weak map: nothing kept after the response). */
export const sentText = new WeakMap<ServerResponse, string>();

export function sendJson(res: ServerResponse, status: number, text: string): void {
  sentText.set(res, text);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
