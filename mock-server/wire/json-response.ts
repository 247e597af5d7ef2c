/**
 * Writes a JSON response on node's `ServerResponse` with the headers clients have always seen from this server:
 * the protocol header, the media type with its charset and the Content-Length (a HEAD gets them all,
 * without the body).
 */
import { isAscii } from 'node:buffer';
import { ServerResponse } from 'node:http';

/** The Rest.li protocol version every response names in the namespace's protocol header. */
export const PROTOCOL_VERSION = '2.0.0';

const JSON_TYPE = 'application/json; charset=utf-8';

// The JSON response sent (its text, or its UTF-8 bytes when it was sent as bytes alone), kept on the
// response for the request journal. A property rather than a weak map: a weak map's entries for
// short-lived responses cost every garbage collection.
const SENT_TEXT = Symbol('sent JSON response');
// The protocol header's name while it is not set yet (see protocolHeaderLater).
const PROTOCOL_HEADER = Symbol('protocol header not set yet');

type SentResponse = ServerResponse & { [SENT_TEXT]?: string | Buffer; [PROTOCOL_HEADER]?: string | undefined };

const nodeWriteHead = ServerResponse.prototype.writeHead;

/**
 * Gives the response the protocol header. On node's own response, while no other header is set, the
 * header waits to be written with the response's others in one `writeHead` (node's headers set one by
 * one cost about 5 µs a response, a sixth of a whole response's work in node); any other header set
 * must first call `protocolHeaderNow`. A response with a writeHead of its own (an injected one, which
 * reads the headers set one by one) gets it at once.
 */
export function protocolHeaderLater(res: ServerResponse, name: string): void {
  if (res.writeHead === nodeWriteHead) (res as SentResponse)[PROTOCOL_HEADER] = name;
  else res.setHeader(name, PROTOCOL_VERSION);
}

/** Sets the protocol header if it is still waiting: before another header is set or a response is written otherwise than by sendJson. */
export function protocolHeaderNow(res: ServerResponse): void {
  const name = (res as SentResponse)[PROTOCOL_HEADER];
  if (name === undefined) return;
  (res as SentResponse)[PROTOCOL_HEADER] = undefined;
  res.setHeader(name, PROTOCOL_VERSION);
}

/**
 * The JSON text sent on this response, if any was: whole, or, for a response sent as
 * bytes alone, at least its first `chars` characters (a character takes at most three bytes of
 * UTF-8 per UTF-16 unit). The journal keeps 64 kB of a body; decoding a time series response of
 * megabytes whole for it was a fifth of the read's CPU.
 */
export function sentText(res: ServerResponse, chars: number): string | undefined {
  const sent = (res as SentResponse)[SENT_TEXT];
  if (sent === undefined || typeof sent === 'string') return sent;
  // An ASCII start (a time series response's) is its first `chars` bytes: decoding three times as
  // many made a 200 kB string per response, old-generation garbage that set off a full collection
  // every dozen responses, the pauses of the responses' slowest percent.
  const start = sent.subarray(0, chars);
  return isAscii(start) ? start.toString('latin1') : sent.subarray(0, 3 * chars).toString('utf8');
}

/**
 * `bytes`, when given, is the text already encoded as UTF-8 (a cached response, or
 * written from SQLite's texts); `text` may then be left out. `giveBack`, for bytes lent to this
 * response, is called once the response has closed and everything reading the bytes on its close (the
 * request journal) has run.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  text: string | undefined,
  bytes?: Buffer,
  giveBack?: () => void,
): void {
  (res as SentResponse)[SENT_TEXT] = text ?? bytes;
  if (giveBack) {
    // Once given back, the bytes may be another response's: the response no longer points at them.
    res.once('close', () =>
      queueMicrotask(() => {
        (res as SentResponse)[SENT_TEXT] = undefined;
        giveBack();
      }),
    );
  }
  const length = bytes ? bytes.length : Buffer.byteLength(text as string);
  const protocolHeader = (res as SentResponse)[PROTOCOL_HEADER];
  if (protocolHeader !== undefined) {
    // No header set yet: the whole head at once, in the order the headers have always had.
    (res as SentResponse)[PROTOCOL_HEADER] = undefined;
    res.writeHead(status, [
      protocolHeader,
      PROTOCOL_VERSION,
      'Content-Type',
      JSON_TYPE,
      'Content-Length',
      String(length),
    ]);
  } else {
    res.statusCode = status;
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Content-Length', length);
  }
  res.end(bytes ?? (text as string));
}
