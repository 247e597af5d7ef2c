import { loadContract } from './spec/index.js';
import { sampleCatalog } from './mock-server/sample/index.js';
const p = sampleCatalog(loadContract('svc'), Date.UTC(2026, 10, 1));
const ents = new Set(p.map((x) => x.entityUrn));
console.log('proposals', p.length, 'entities', ents.size);
