/**
 * Password hashing on a pool of worker threads that run at a lower CPU priority than the rest of
 * the server (decision 022). argon2id at OWASP parameters costs tens of milliseconds of CPU per
 * hash; on the libuv thread pool a burst of sign-ins took both cores at the same priority as the
 * main thread, and `/users/me` beside it waited its turn (p99 115 ms against 21 ms alone). Here the
 * hashing threads are `nice` 10 (Linux): they use every idle cycle, and yield at once when the
 * main thread or PostgreSQL wants a core. bcrypt checks of imported hashes run here too; bcryptjs
 * is JavaScript and would otherwise compute on the main thread.
 *
 * One pool per process, as many threads as cores, started with the first password hasher (the
 * auth API's start), so no sign-in waits for a thread to boot and load argon2: started on first
 * use, the first burst of sign-ins queued behind that and its p99 tripled. Idle threads never
 * keep the process alive (Piscina).
 * @module
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { createFifoGate, type FifoGate } from "./fifo-gate";

/** The `nice` value of the hashing threads: 0 is the main thread's, 19 the lowest. */
export const hashingThreadNice = 10;

export interface Argon2Parameters {
  /** KiB of memory. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type HashingTask =
  | { kind: "hash"; password: string; parameters: Argon2Parameters }
  | { kind: "verify-argon2" | "verify-bcrypt"; storedHash: string; password: string };

let pool: Piscina | undefined;

function hashingPool(): Piscina {
  const threads = availableParallelism();
  pool ??= new Piscina({
    filename: new URL("./hashing-worker.mjs", import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    workerData: { nice: hashingThreadNice },
  });
  return pool;
}

/** Starts the pool's threads now rather than on the first hash. */
export function startHashingPool(): void {
  hashingPool();
}

// Piscina's own queue does not start tasks in the order they came (fifo-gate.ts): at most one
// task per thread is handed to it, the others wait here, in order.
let gate: FifoGate | undefined;

function run<T>(task: HashingTask): Promise<T> {
  gate ??= createFifoGate(availableParallelism());
  return gate.run(() => hashingPool().run(task) as Promise<T>);
}

/** A new argon2id hash of `password` (PHC string). */
export function hashArgon2id(password: string, parameters: Argon2Parameters): Promise<string> {
  return run<string>({ kind: "hash", password, parameters });
}

/** Whether `password` matches an argon2 hash; false for a malformed hash. */
export function verifyArgon2(storedHash: string, password: string): Promise<boolean> {
  return run<boolean>({ kind: "verify-argon2", storedHash, password });
}

/** Whether `password` matches a bcrypt hash (`$2a$`/`$2b$`/`$2y$`). */
export function verifyBcrypt(storedHash: string, password: string): Promise<boolean> {
  return run<boolean>({ kind: "verify-bcrypt", storedHash, password });
}

/** Ends the pool's threads (tests; a process that exits needs not call it). */
export async function closeHashingPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
