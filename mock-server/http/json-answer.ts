/**
 * Writes a JSON answer on node's response with the headers clients have always seen from this server:
 * the media type with its charset and the Content-Length (a HEAD gets both, without the body).
 */
import type { ServerResponse } from 'node:http';

// The text of the JSON answer sent, kept on the response for the request journal. A property rather
// than a weak map: a weak map's entries for short-lived responses cost every garbage collection.
const SENT_TEXT = Symbol('sent JSON text');

type Answered = ServerResponse & { [SENT_TEXT]?: string };

/** The text of the JSON answer sent on this response, if one was. */
export function sentText(res: ServerResponse): string | undefined {
  return (res as Answered)[SENT_TEXT];
}

/** `bytes`, when given, is the text already encoded as UTF-8 (an answer kept across requests). */
export function sendJson(res: ServerResponse, status: number, text: string, bytes?: Buffer): void {
  (res as Answered)[SENT_TEXT] = text;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes ? bytes.length : Buffer.byteLength(text));
  res.end(bytes ?? text);
}
