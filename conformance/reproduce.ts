/**
 * What a failed check shows so that it can be reproduced by hand: the last request it sent (method,
 * full URL), the status, the body of the response cut at 2,000 characters, and the request as a curl
 * command in which the token is the shell variable $TOKEN (or $READER_TOKEN), never its value.
 */
import type { Exchange } from './client.js';

/** Longest response body a report repeats. */
export const BODY_LIMIT = 2000;

export interface FailedRequest {
  method: string;
  url: string;
  /** Absent when no response came. */
  status?: number;
  /** The response's body (pretty-printed when JSON), cut at BODY_LIMIT characters. */
  body: string;
  curl: string;
}

/** A word for the shell: single-quoted, with single quotes inside written as '\'' */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

const TOKEN_VARIABLE = { token: 'TOKEN', reader: 'READER_TOKEN' } as const;

export function curlCommand(exchange: Exchange): string {
  const words = ['curl', '-sS', '-i'];
  if (exchange.method !== 'GET' || exchange.body !== undefined) words.push('-X', exchange.method);
  words.push(shellWord(exchange.url));
  for (const [name, value] of Object.entries(exchange.headers)) words.push('-H', shellWord(`${name}: ${value}`));
  // Double quotes, so the shell puts the token in: the report never holds it.
  if (exchange.credential !== 'none')
    words.push('-H', `"Authorization: Bearer $${TOKEN_VARIABLE[exchange.credential]}"`);
  if (exchange.body !== undefined) words.push('--data-raw', shellWord(exchange.body));
  return words.join(' ');
}

function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function failedRequest(exchange: Exchange): FailedRequest {
  const body = readable(exchange.responseText ?? '');
  return {
    method: exchange.method,
    url: exchange.url,
    ...(exchange.status !== undefined ? { status: exchange.status } : {}),
    body:
      body.length > BODY_LIMIT ? `${body.slice(0, BODY_LIMIT)}… (${body.length - BODY_LIMIT} more characters)` : body,
    curl: curlCommand(exchange),
  };
}
