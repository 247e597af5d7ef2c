/** The baseline of the read benchmarks: bare express serving fixed bytes (argv[2]) on every GET. */
import express from 'express';

const body = process.argv[2] ?? '{}';
const app = express();
app.get('/health', (_req, res) => res.json({ status: 'ok' }));
app.get('/{*any}', (_req, res) => res.type('application/json').send(body));
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`baseline on http://127.0.0.1:${address.port}`);
});
