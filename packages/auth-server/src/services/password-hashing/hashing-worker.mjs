// One thread of the password-hashing pool (hashing-pool.ts). Plain JavaScript: a worker thread
// does not inherit the TypeScript loader that `npm start` registers (see decision 015).
//
// The thread lowers its own CPU priority before it hashes anything. On Linux the nice value is a
// property of each thread, so only this thread yields: when the server's main thread (answering
// `/users/me` and friends) or the database wants a core, the scheduler gives it to them first, and
// a burst of sign-ins no longer stretches every other request's latency (issue 15, decision 022).
// Elsewhere (macOS, Windows) the same call would lower the whole process, so it is Linux only.
import { setPriority } from "node:os";
import { workerData } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

const nice = workerData?.nice ?? 0;
if (process.platform === "linux" && nice > 0) {
  try {
    setPriority(nice);
  } catch {
    // Not allowed here (a locked-down container): hash at the normal priority.
  }
}

// `Algorithm.Argon2id` of @node-rs/argon2 (a const enum in its types).
const argon2id = 2;

/**
 * @param {{ kind: "hash", password: string, parameters: { memoryCost: number, timeCost: number, parallelism: number } }
 *   | { kind: "verify-argon2", storedHash: string, password: string }
 *   | { kind: "verify-bcrypt", storedHash: string, password: string }} task
 * @returns {string | boolean}
 */
export default function runTask(task) {
  switch (task.kind) {
    case "hash":
      return hashSync(task.password, { algorithm: argon2id, ...task.parameters });
    case "verify-argon2":
      try {
        return verifySync(task.storedHash, task.password);
      } catch {
        // A malformed stored hash verifies nothing.
        return false;
      }
    case "verify-bcrypt":
      return bcrypt.compareSync(task.password, task.storedHash);
    default:
      throw new Error(`unknown password hashing task: ${task.kind}`);
  }
}
