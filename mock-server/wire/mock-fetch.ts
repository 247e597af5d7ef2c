/**
 * The WHATWG `fetch` the mock serves without a socket (../in-process/injected-fetch.ts makes one),
 * the type its users take: the HAR replay sends a capture's writes through it (../seed/har-replay.ts).
 */
export type MockFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
