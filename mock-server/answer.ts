/**
 * Writes a JSON answer on node's response with the headers clients have always seen from this server:
 * the media type with its charset and the Content-Length (a HEAD gets both, without the body).
 */
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
