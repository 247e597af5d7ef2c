/**
 * Writes an answer on node's response with the headers clients have always seen from this server:
 * the media type with its charset and the Content-Length (a HEAD gets both, without the body).
 */
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, text: string): void {
  send(res, status, 'application/json; charset=utf-8', text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html);
}

function send(res: ServerResponse, status: number, type: string, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
