/**
 * The mock's own endpoints under /__mock, never guarded by auth: reset to the start-up state, a
 * snapshot (row counts and a digest that proves whether anything changed), and health.
 */
import { Router } from 'express';
import type { CatalogStore } from './store/catalog-store.js';

export const ADMIN_PATH = '/__mock';

export function adminRouter(store: CatalogStore): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/snapshot', (_req, res) => {
    res.json(store.snapshot());
  });
  router.post('/reset', (_req, res) => {
    store.reset();
    res.json(store.snapshot());
  });
  return router;
}
