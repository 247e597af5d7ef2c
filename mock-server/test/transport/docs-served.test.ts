/**
 * The mock serves the docs site at the namespace's docs path, under every address form: the landing
 * page at the path itself (with links that resolve below it, and to the GraphQL explorer) and each
 * page of `npm run docs` by its file name, rewritten into the server's namespace.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, DOCS_PAGES } from '../../../spec/docs-site.js';
import { NAMESPACES, fromRoot } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { ADDRESS_FORMS, call, startServer } from '../http-harness.js';

let svc: MockServer;
let li: MockServer;
beforeAll(async () => {
  [svc, li] = await Promise.all([startServer(), startServer({ namespace: 'li' })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([svc?.close(), li?.close()]);
});

describe('the docs at /svc/docs', () => {
  it.each(ADDRESS_FORMS)('%s/svc/docs is the landing page, its links resolving below the docs path', async (prefix) => {
    const reply = await call(svc, 'GET', `${prefix}/svc/docs`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const base = /<base href="([^"]+)">/.exec(reply.text)?.[1] ?? './';
    const pageUrl = new URL(`${svc.url}${prefix}/svc/docs`);
    for (const { file } of DOCS_PAGES) {
      expect(reply.text).toContain(`href="${file}"`);
      expect(new URL(file, new URL(base, pageUrl)).pathname).toBe(`${prefix}/svc/docs/${file}`);
    }
    expect(new URL('/api/graphiql', new URL(base, pageUrl)).pathname).toBe('/api/graphiql');
    expect(reply.text).toContain('href="/api/graphiql"');
  });

  it('with a trailing slash the links resolve just the same', async () => {
    const reply = await call(svc, 'GET', '/svc/docs/');
    const base = /<base href="([^"]+)">/.exec(reply.text)?.[1] ?? './';
    expect(new URL('api.html', new URL(base, `${svc.url}/svc/docs/`)).pathname).toBe('/svc/docs/api.html');
  });

  it.each(DOCS_PAGES.filter((p) => p.file !== 'index.html').map((p) => p.file))(
    'serves %s as `npm run docs` built it',
    async (file) => {
      const built = readFileSync(fromRoot(...DOCS_DIR, file), 'utf8');
      for (const prefix of ADDRESS_FORMS) {
        const reply = await call(svc, 'GET', `${prefix}/svc/docs/${file}`);
        expect(reply.status, `${prefix}/svc/docs/${file}`).toBe(200);
        expect(reply.text === built, `${prefix}/svc/docs/${file} differs from the built page`).toBe(true);
      }
    },
  );

  it('answers 404 for a page the site does not have', async () => {
    expect((await call(svc, 'GET', '/svc/docs/nothing.html')).status).toBe(404);
  });
});

describe('the docs in the li namespace', () => {
  it.each(DOCS_PAGES.map((p) => p.file))('/restli/docs/%s speaks only the li names', async (file) => {
    const reply = await call(li, 'GET', `/restli/docs/${file}`);
    expect(reply.status).toBe(200);
    const svcNames = NAMESPACES.svc;
    for (const foreign of [
      svcNames.urnPrefix,
      svcNames.recordPrefix,
      svcNames.protocolHeader,
      svcNames.docsPath,
      '~1svc~1docs',
    ]) {
      expect(reply.text.includes(foreign), `${file} contains ${foreign}`).toBe(false);
    }
  });

  it('the API reference names the li protocol header and URNs', async () => {
    const reply = await call(li, 'GET', '/restli/docs/api.html');
    expect(reply.text).toContain(NAMESPACES.li.protocolHeader);
    expect(reply.text).toContain(NAMESPACES.li.urnPrefix);
  });

  it('/svc/docs is not served in the li namespace', async () => {
    expect((await call(li, 'GET', '/svc/docs/api.html')).status).toBe(404);
  });
});

describe('the landing page at /', () => {
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it.each([
    { profile: 'document', namespace: 'svc' },
    { profile: 'upstream', namespace: 'li' },
  ] as const)(
    '$profile profile: a browser gets HTML whose links all answer; an API client keeps its answer',
    async ({ profile, namespace }) => {
      const server = profile === 'document' ? svc : await startServer({ profile, namespace });
      try {
        const page = await call(server, 'GET', '/', { headers: { accept: BROWSER_ACCEPT } });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        const links = [...page.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
        expect(links).toEqual(
          expect.arrayContaining([
            '/api/graphiql',
            '/__mock/ui',
            profile === 'document' ? '/svc/docs' : '/__mock/docs',
          ]),
        );
        // Upstream GMS asks for a token on its explorer; every other page opens in a browser.
        for (const link of links)
          expect((await call(server, 'GET', link, { headers: { accept: BROWSER_ACCEPT } })).status, link).toBe(
            profile === 'upstream' && link === '/api/graphiql' ? 401 : 200,
          );
        // A client asking for JSON gets what it got before: upstream's 404 (or 401) body, the document profile's 404.
        const api = await call(server, 'GET', '/', { headers: { accept: 'application/json' } });
        expect(api.status).toBe(profile === 'document' ? 404 : 401);
        expect(api.headers.get('content-type')).toMatch(/json/);
      } finally {
        if (server !== svc) await server.close();
      }
    },
  );
});
