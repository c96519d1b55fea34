// A worker thread of lib/render-pool.ts: loads renderer modules (TypeScript through tsx) and runs one render at a time
// on the pool's request, answering { id, ok: true, bytes } or { id, ok: false, message }. A renderer that throws where
// nothing catches (pdfkit's PNG decoder in a zlib callback) ends this thread, never the server: the pool sees the
// thread's error, fails that one request and starts another thread.
import { parentPort } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
const modules = new Map();

parentPort.on('message', async ({ id, url, name, args }) => {
  try {
    let mod = modules.get(url);
    if (!mod) {
      mod = await import(url);
      modules.set(url, mod);
    }
    const out = await mod[name](...args);
    const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    parentPort.postMessage({ id, ok: true, bytes });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: String((err && err.stack) || err) });
  }
});
parentPort.postMessage({ ready: true });
