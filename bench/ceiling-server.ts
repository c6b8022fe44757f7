// The ceiling of our stack: a bare Fastify route doing the same primary-key lookup as GET execution,
// with no auth, rate limit, presigning or schema work. The local service is measured against it.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';

const port = Number(process.argv[2] ?? 0);
const db = new Database(':memory:');
db.exec(`CREATE TABLE executions (id TEXT PRIMARY KEY, workflow_id TEXT NOT NULL, status TEXT NOT NULL,
  created_at TEXT NOT NULL, results TEXT)`);
const insert = db.prepare('INSERT INTO executions VALUES (?, ?, ?, ?, ?)');
const workflowId = randomUUID();
const executionId = randomUUID();
insert.run(
  executionId,
  workflowId,
  'finished',
  new Date().toISOString(),
  JSON.stringify([{ filename: 'report.md', url: 'http://127.0.0.1/files/x', content: '# Report\n\nHello.' }]),
);
for (let i = 0; i < 10_000; i++) insert.run(randomUUID(), workflowId, 'finished', new Date().toISOString(), null);
const byId = db.prepare('SELECT * FROM executions WHERE id = ? AND workflow_id = ?');

const app = Fastify({ logger: false });
app.get('/ids', async () => ({ workflowId, executionId }));
app.get<{ Params: { wid: string; eid: string } }>('/api/v1/workflows/:wid/executions/:eid', async (req, reply) => {
  const row = byId.get(req.params.eid, req.params.wid) as
    { id: string; workflow_id: string; status: string; created_at: string; results: string | null } | undefined;
  if (!row) return reply.code(404).send({ error: 'execution not found' });
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    status: row.status,
    created_at: row.created_at,
    results: row.results ? JSON.parse(row.results) : null,
  };
});
await app.listen({ port, host: '127.0.0.1' });
