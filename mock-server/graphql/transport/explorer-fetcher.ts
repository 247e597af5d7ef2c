/**
 * The explorer page's fetcher, as the text of a browser script defining `explorerFetcher`: it posts
 * `{query, variables, operationName}` to the GraphQL endpoint with the headers of the headers editor,
 * and sends `operationName` only when the document defines an operation of that name. GraphiQL
 * re-reads the operation name of an edited document after a pause, so a run right after an edit (a
 * named query replaced by an unnamed `{ ... }` one, then Ctrl+Enter) still carries the old name; the
 * bundled executor would then fail in the page ("Cannot infer operation ...") before sending anything.
 * The check is on the text (comments dropped): the page holds no GraphQL parser of its own, and a name
 * it keeps wrongly (one written inside a string) gets the endpoint's error naming `operationName`.
 */

/** The script; `endpoint` is the path it posts to. Plain JavaScript, run as it is by the browser. */
export function explorerFetcherScript(endpoint: string): string {
  return String.raw`
const explorerEndpoint = ${JSON.stringify(endpoint)};
function definesOperation(query, name) {
  if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(name)) return false;
  const text = query.replace(/#[^\n\r]*/g, '');
  return new RegExp('(^|[^_0-9A-Za-z])(query|mutation|subscription)\\s+' + name + '(?![_0-9A-Za-z])').test(text);
}
async function explorerFetcher(params, options) {
  const body = { query: params.query, variables: params.variables ?? undefined };
  if (params.operationName && definesOperation(params.query, params.operationName))
    body.operationName = params.operationName;
  const response = await fetch(explorerEndpoint, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(options?.headers ?? {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: 'HTTP ' + response.status + ' from ' + explorerEndpoint + ': ' + text }] };
  }
}
`;
}
