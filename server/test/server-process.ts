import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A server started as `npm start` starts it (`src/main.ts` in a child process), and what it printed. */
export interface Server {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** Where `src/main.ts` runs from. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * SIGTERM, and the exit code once the process has stopped (it ends its open streams itself; a
 * cluster's primary waits for its workers); SIGKILL after 40 s.
 */
export function stopServer(s: Server) {
  if (s.child.exitCode !== null) return Promise.resolve(s.child.exitCode);
  return new Promise<number | null>((resolve) => {
    const kill = setTimeout(() => s.child.kill('SIGKILL'), 40_000);
    s.child.once('exit', (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    s.child.kill('SIGTERM');
  });
}
