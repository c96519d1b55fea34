// npm run dev: the API (tsx watch, port 3000) and the Vite dev server (port 5173, proxying /api) together.
import { spawn } from 'node:child_process';

const procs = [
  ['api', 'npm', ['run', 'dev', '-w', '@timbro/server']],
  ['web', 'npm', ['run', 'dev', '-w', '@timbro/web']],
].map(([name, cmd, args]) => {
  const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [p.stdout, p.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n').filter(Boolean)) console.log(prefix(line));
    });
  }
  return p;
});
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
