// The child's side of lib/sandbox.ts, for plain-JavaScript decoder scripts: `serve(handler)` waits for the parent's
// `start` message and runs `handler(input, io)`. `io.post(message, transfer?)` sends a message; `io.step(message)`
// sends it and waits until the parent says `go` (the parent paces the child step by step); `io.refuse(code, detail)`
// ends the run with a refusal. When the handler returns, `done` is sent and the child leaves.
let resumeStep = null;
let started = false;

function send(message) {
  return new Promise((resolve, reject) => process.send(message, (err) => (err ? reject(err) : resolve())));
}

export class Refusal extends Error {
  constructor(code, detail) {
    super(`refused: ${code}`);
    this.code = code;
    this.detail = detail;
  }
}

export function serve(handler) {
  process.on('message', (m) => {
    if (m && m.type === 'go' && resumeStep) {
      const r = resumeStep;
      resumeStep = null;
      r();
      return;
    }
    if (!m || m.type !== 'start' || started) return;
    started = true;
    const io = {
      post: (message) => send(message),
      step: async (message) => {
        const go = new Promise((resolve) => (resumeStep = resolve));
        await send({ ...message, wait: true });
        await go;
      },
    };
    Promise.resolve()
      .then(() => handler(m, io))
      .then(
        () => send({ type: 'done' }),
        (err) =>
          send({
            type: 'error',
            code: err instanceof Refusal ? err.code : 'broken',
            detail: String((err instanceof Refusal ? err.detail : err && err.stack) ?? '').slice(0, 2000),
          }),
      )
      .finally(() => process.disconnect());
  });
  // The parent went away (killed us, or died): nothing left to do.
  process.on('disconnect', () => process.exit(0));
}
