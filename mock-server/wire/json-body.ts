/**
 * Reads a request body as JSON, for the metadata-store API and GraphQL alike, with the rules both
 * have always had: any content type is JSON (upstream clients do not all send application/json), an
 * empty body is `{}`, a request without a body (no Content-Length, no Transfer-Encoding) has none,
 * a gzip, deflate or br Content-Encoding is decompressed, and the size limit applies to the decoded
 * bytes while they arrive: a declared or streamed body over it is refused immediately, the rest read and dropped.
 * Every failure is a RestliError with a 4xx status; the caller renders it in its own error format.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { badRequest, RestliError } from '../errors.js';
import type { BodyRead } from './api-handler.js';
import { nestsTooDeep, tooDeep } from './json-depth.js';

export type BodyCallback = (read: BodyRead) => void;

const DECOMPRESSORS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

function tooLarge(limit: number): RestliError {
  return new RestliError(413, `body: request body is larger than the limit of ${limit} bytes`);
}

/** The charset parameter of a Content-Type header, lower-cased; utf-8 when absent. */
function charsetOf(contentType: string | undefined): string {
  const match = contentType === undefined ? null : /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

/** A decoder for a UTF label other than utf-8 (utf-16le, utf-16be…); undefined for any other charset. */
function utfDecoder(charset: string): TextDecoder | undefined {
  try {
    return charset.startsWith('utf-') ? new TextDecoder(charset) : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes to text: utf-8 by Buffer (the common case), the other UTF labels by TextDecoder; both drop a byte order mark. */
function textDecoder(charset: string): (bytes: Buffer) => string {
  if (charset === 'utf-8')
    return (bytes) =>
      bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.toString('utf8', 3) : bytes.toString('utf8');
  const decoder = utfDecoder(charset);
  if (!decoder) throw new RestliError(415, `unsupported charset "${charset.toUpperCase()}"`);
  return (bytes) => decoder.decode(bytes);
}

function decompressorFor(encoding: string): Transform | undefined {
  if (encoding === 'identity') return undefined;
  const create = DECOMPRESSORS[encoding];
  if (!create) throw new RestliError(415, `unsupported content encoding "${encoding}"`);
  return create();
}

/** A body's JSON value, or why it cannot be used. */
interface Parsed {
  failure: RestliError | undefined;
  body: unknown;
}

// A request without a body.
const NO_BODY: Parsed = Object.freeze({ failure: undefined, body: undefined });

/**
 * A body as read: its text, parsed as JSON when its value or failure is first asked for (a handler that
 * has seen the same text before, as GraphQL's repeated requests, responds from the text alone); a
 * failure to read it, or no body at all, known immediately.
 */
class JsonBody implements BodyRead {
  private parsed: Parsed | undefined;

  constructor(
    readonly text: string | undefined,
    failure?: RestliError,
  ) {
    if (failure || text === undefined) this.parsed = failure ? { failure, body: undefined } : NO_BODY;
  }

  get failure(): RestliError | undefined {
    return this.parse().failure;
  }

  get body(): unknown {
    return this.parse().body;
  }

  private parse(): Parsed {
    if (!this.parsed) {
      try {
        this.parsed = { failure: undefined, body: parseJsonBody(this.text as string) };
      } catch (error) {
        this.parsed = { failure: error as RestliError, body: undefined };
      }
    }
    return this.parsed;
  }
}

/** Refuses a body immediately, without waiting for the rest: it is read and dropped, so the connection stays usable. */
function refuse(req: IncomingMessage, failure: RestliError, done: BodyCallback): void {
  req.resume();
  done(new JsonBody(undefined, failure));
}

/** JSON.parse for a request body, which must be an object or an array. */
function parseJsonBody(text: string): unknown {
  if (text.length === 0) return {};
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  // Only whitespace falls through to JSON.parse, whose message (unexpected end) says it best.
  if (i < text.length && text[i] !== '{' && text[i] !== '[') {
    throw badRequest(`body: malformed JSON (expected an object or an array, found '${text[i]}' at position ${i})`);
  }
  if (nestsTooDeep(text)) throw tooDeep('body');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`body: malformed JSON (${(error as Error).message})`);
  }
}

export function readJsonBody(req: IncomingMessage, limit: number, done: BodyCallback): void {
  const { headers } = req;
  if (headers['transfer-encoding'] === undefined && headers['content-length'] === undefined)
    return done(new JsonBody(undefined));
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  let decode: (bytes: Buffer) => string;
  let decompressor: Transform | undefined;
  try {
    decode = textDecoder(charsetOf(headers['content-type']));
    decompressor = decompressorFor(encoding);
    // Node's parser has checked Content-Length's syntax; only the identity encoding makes it the body's size.
    if (!decompressor && Number(headers['content-length']) > limit) throw tooLarge(limit);
  } catch (error) {
    return refuse(req, error as RestliError, done);
  }

  const source: Readable = decompressor ?? req;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const fail = (failure: RestliError): void => {
    if (settled) return;
    settled = true;
    source.off('data', onData);
    if (decompressor) {
      req.unpipe(decompressor);
      decompressor.destroy();
    }
    refuse(req, failure, done);
  };
  const onData = (chunk: Buffer): void => {
    size += chunk.length;
    if (size > limit) return fail(tooLarge(limit));
    chunks.push(chunk);
  };
  source.on('data', onData);
  source.once('end', () => {
    if (settled) return;
    settled = true;
    let text: string;
    try {
      text = decode(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    } catch (error) {
      return done(new JsonBody(undefined, error as RestliError));
    }
    done(new JsonBody(text));
  });
  if (decompressor) {
    decompressor.on('error', (error) =>
      fail(badRequest(`body: cannot be decompressed as ${encoding} (${error.message})`)),
    );
    req.pipe(decompressor);
  }
  req.on('error', () => fail(badRequest('body: the request was aborted')));
}
