import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Decoders of untrusted files (a company's PDF, an uploaded image) run here: in a child process of their own, so that
 * a decoder that throws where nothing catches it, crashes in native code, eats memory or never ends stops that one
 * file and never the server (issue 30, ADR 0019). The child is plain JavaScript (no TypeScript loader) and gets:
 * - an operating-system limit on its data memory (`prlimit --data`, the hard backstop: an allocation past it fails in
 *   the child) and V8's heap limit;
 * - a watchdog here that reads its resident memory every `SAMPLE_MS` and kills it past `memoryMb`;
 * - a wall-clock limit per step (from the moment it is told to go on to its next message) and per run.
 * Past any limit the child is killed (SIGKILL) and the run rejects with a `SandboxLimitError` naming the limit, so the
 * caller can tell the user in Italian which limit the file broke.
 *
 * The protocol: the parent sends `{ type: 'start', ...input }`; the child sends messages; a message with `wait: true`
 * makes the child wait for `{ type: 'go' }`, sent once the parent's `onMessage` for it has settled (this is how a
 * scheduler paces a child, page by page); `{ type: 'done' }` ends the run, `{ type: 'error', code }` rejects it with a
 * `SandboxRefusal`.
 */

export type SandboxLimit = 'memory' | 'step-time' | 'total-time';

export interface SandboxLimits {
  /** Resident memory the child may use, in MB (the watchdog's limit; the OS limit is set above it, see below). */
  memoryMb: number;
  /**
   * The longest one step may take (a page), in ms, from its `go` to the child's next message. The child's start (the
   * process, its libraries, its first look at the input) is bounded by `totalMs` only.
   */
  stepMs: number;
  /** The longest the whole run may take, in ms, time spent waiting for `go` excluded. */
  totalMs: number;
}

export class SandboxLimitError extends Error {
  override name = 'SandboxLimitError';
  constructor(
    readonly limit: SandboxLimit,
    readonly limits: SandboxLimits,
  ) {
    super(`sandbox: past its ${limit} limit`);
  }
}

/** The child said the input cannot be done (its own code: `encrypted`, `broken`, `absurd`…). */
export class SandboxRefusal extends Error {
  override name = 'SandboxRefusal';
  constructor(
    readonly code: string,
    readonly detail?: string,
  ) {
    super(`sandbox refused the input: ${code}`);
  }
}

export interface SandboxMessage {
  type: string;
  wait?: boolean;
  [key: string]: unknown;
}

export interface SandboxRun {
  /** The highest resident memory seen by the watchdog, in bytes (the benchmark prints it). */
  peakRssBytes: number;
}

/** How often the watchdog reads the child's memory. */
const SAMPLE_MS = 25;
/**
 * Node.js itself reserves ~600 MB of data address space before it runs a line (V8's code range and heap reservations
 * count towards RLIMIT_DATA), so the OS limit sits that much above the watchdog's: it stops a runaway allocation that
 * is faster than the watchdog's sampling, while the watchdog holds resident memory to `memoryMb`.
 */
const OS_HEADROOM_MB = 640;
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => fs.existsSync(p)) ?? null;
const PAGE_BYTES = 4096;

function residentBytes(pid: number): number | null {
  try {
    const statm = fs.readFileSync(`/proc/${pid}/statm`, 'latin1');
    return Number(statm.split(' ')[1]) * PAGE_BYTES;
  } catch {
    return null;
  }
}

/**
 * Runs `script` (a plain .mjs file) in a limited child process with `input`, calling `onMessage` for each message of
 * the child until it says `done`. Resolves with what the watchdog saw; rejects with `SandboxLimitError`,
 * `SandboxRefusal`, the error `onMessage` threw, or an Error when the child died on its own.
 */
export function runSandbox(
  script: URL,
  input: Record<string, unknown>,
  limits: SandboxLimits,
  onMessage: (m: SandboxMessage) => void | Promise<void>,
  opts: { signal?: AbortSignal } = {},
): Promise<SandboxRun> {
  return new Promise((resolve, reject) => {
    const heapMb = Math.max(64, Math.floor(limits.memoryMb / 2));
    const nodeArgs = [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', fileURLToPath(script)];
    const osLimit = (limits.memoryMb + OS_HEADROOM_MB) * 1024 * 1024;
    const [command, args] = PRLIMIT
      ? [PRLIMIT, [`--data=${osLimit}`, '--core=0', '--', process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
        // Nothing of the server's environment (secrets, database URL) reaches the decoder.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: process.env.NODE_ENV ?? 'production' },
      });
    } catch (err) {
      reject(err as Error);
      return;
    }
    // Below the server's priority: the API keeps its core while a decoder works.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // Not allowed here: the limits still hold.
      }
    }
    let settled = false;
    let peak = 0;
    let stderr = '';
    let running = 0; // ms spent running before the current step
    let stepStarted = performance.now();
    let waiting = false; // the child waits for `go` (its time does not count)
    let started = false; // the child has sent its first message (steps are timed from then on)
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      opts.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fn();
    };
    const fail = (err: Error) => finish(() => reject(err));
    const onAbort = () => fail(new Error('sandbox: aborted'));
    opts.signal?.addEventListener('abort', onAbort);
    const watchdog = setInterval(() => {
      if (child.pid === undefined) return;
      const rss = residentBytes(child.pid);
      if (rss !== null) peak = Math.max(peak, rss);
      if (rss !== null && rss > limits.memoryMb * 1024 * 1024) return fail(new SandboxLimitError('memory', limits));
      if (waiting) return;
      const step = performance.now() - stepStarted;
      if (started && step > limits.stepMs) return fail(new SandboxLimitError('step-time', limits));
      if (running + step > limits.totalMs) return fail(new SandboxLimitError('total-time', limits));
    }, SAMPLE_MS);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (s: string) => {
      if (stderr.length < 4000) stderr += s;
    });
    child.on('error', fail);
    // The child's last messages may still be in the channel when 'exit' comes: judge once it is read to its end (the
    // channel's 'disconnect'), or a moment later.
    child.on('exit', (code, signal) => {
      if (settled) return;
      const judge = () => exited(code, signal);
      if (!child.connected) setImmediate(judge);
      else {
        const timer = setTimeout(judge, 500);
        child.once('disconnect', () => {
          clearTimeout(timer);
          setImmediate(judge);
        });
      }
    });
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      // V8 out of heap aborts the child (SIGABRT / 134), and an allocation past the OS limit fails as "out of memory".
      if (signal === 'SIGABRT' || code === 134 || /out of memory|bad_alloc|Allocation failed/i.test(stderr))
        return fail(new SandboxLimitError('memory', limits));
      fail(new Error(`sandbox: the child exited (${signal ?? code}) ${stderr.slice(0, 500)}`));
    };
    child.on('message', (m: SandboxMessage) => {
      if (settled) return;
      const now = performance.now();
      running += now - stepStarted;
      stepStarted = now;
      started = true;
      if (m.type === 'done') return finish(() => resolve({ peakRssBytes: peak }));
      if (m.type === 'error') return fail(new SandboxRefusal(String(m.code ?? 'broken'), String(m.detail ?? '')));
      waiting = m.wait === true;
      Promise.resolve()
        .then(() => onMessage(m))
        .then(
          () => {
            if (!m.wait || settled) return;
            stepStarted = performance.now();
            waiting = false;
            child.send({ type: 'go' });
          },
          (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
        );
    });
    child.send({ type: 'start', ...input }, (err) => {
      if (err) fail(err);
    });
  });
}
