// The floor of bench/user-ratio.bench.ts: a bare Fastify "hello world" on the same machine, the same Node, the same
// load tool. Not part of the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3299), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
