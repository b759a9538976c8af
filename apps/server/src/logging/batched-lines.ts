/**
 * @module
 * The log's lines gathered for a moment and handed to the destination (pino's SonicBoom on
 * stdout) as one string (decision 045).
 *
 * Why not SonicBoom alone: asynchronous, it starts a `fs.write` on the thread pool as soon as a
 * line arrives and none is under way. A write to a pipe or file ends in microseconds, so under
 * load nearly every request line became a write of its own, with a wake-up of a pool thread and
 * one back to the event loop: about 1.4 µs of the main thread per line in a profile of
 * `npm start` answering a stored page (perf), plus the string's copy. Its own `minLength` does
 * not help: each line then measures the whole pending chunk again (`Buffer.byteLength`). Here a
 * line costs an array push; SonicBoom gets one string every `delayMs` or `maxCharacters`.
 *
 * What it risks: a line reaches the destination up to `delayMs` later, and a process killed with
 * SIGKILL (or by the kernel's OOM killer) loses the lines of the last `delayMs`, where before it
 * lost those of the write under way. Every other end of the process writes them: pino and this
 * module flush synchronously on `exit` (a stop, `process.exit`, an uncaught error).
 */
import type { DestinationStream } from "pino";

/** What of a SonicBoom this needs (tests pass a recorder). */
export interface LineDestination {
  write(data: string): unknown;
  flushSync(): void;
  flush(callback?: (error?: Error) => void): void;
}

export interface BatchedLinesOptions {
  /** The longest a line waits for others. */
  delayMs?: number;
  /** Pending characters at which the lines go at once, without waiting. */
  maxCharacters?: number;
}

export interface BatchedLines extends DestinationStream {
  /** Hands the pending lines to the destination and has it write everything before returning. */
  flushSync(): void;
  /** Hands the pending lines to the destination and calls back once it has written them. */
  flush(callback?: (error?: Error) => void): void;
}

/**
 * Every batcher of the process, flushed when it exits: one `exit` listener for all of them. A
 * batcher is kept to the end, as the process's logger is (one per process outside tests).
 */
const batchers = new Set<() => void>();
let exitListening = false;
function flushAllOnExit(flush: () => void): void {
  batchers.add(flush);
  if (exitListening) return;
  exitListening = true;
  // Runs after pino's own `exit` flush of the destination (registered when it was made), so the
  // destination is still open: these lines are written synchronously behind its own.
  process.on("exit", () => {
    for (const each of batchers) {
      try {
        each();
      } catch {
        // A destination that can no longer write (closed, broken pipe) loses its lines; the
        // others are still written, and the exit goes on.
      }
    }
  });
}

export function batchLines(
  destination: LineDestination,
  { delayMs = 25, maxCharacters = 64 * 1024 }: BatchedLinesOptions = {},
): BatchedLines {
  let pending: string[] = [];
  let characters = 0;
  let timer: NodeJS.Timeout | undefined;

  function handOver(): void {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending.length === 0) return;
    const lines = pending.length === 1 ? (pending[0] as string) : pending.join("");
    pending = [];
    characters = 0;
    destination.write(lines);
  }

  const batched: BatchedLines = {
    write(line: string) {
      pending.push(line);
      characters += line.length;
      if (characters >= maxCharacters) handOver();
      // Not unref'd: a process whose loop would end with lines pending writes them first.
      else timer ??= setTimeout(handOver, delayMs);
    },
    flushSync() {
      handOver();
      destination.flushSync();
    },
    flush(callback) {
      handOver();
      destination.flush(callback);
    },
  };
  flushAllOnExit(batched.flushSync);
  return batched;
}
