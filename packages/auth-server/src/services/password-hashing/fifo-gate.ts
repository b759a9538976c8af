/**
 * Lets at most `limit` tasks run at once and starts the others strictly in the order they came.
 * The hashing pool puts one in front of Piscina: measured at 16 concurrent sign-ins on 2 threads,
 * Piscina's own queue did not start tasks in the order they were submitted (a check submitted
 * behind 12 others waited 54 ms at the median, one behind 13 waited 148 ms, for 14 ms of hashing
 * each), which made sign-in's p99 377-525 ms; with this gate every check waits its turn and the
 * p99 was 162-210 ms (decision 024).
 * @module
 */
export interface FifoGate {
  /** Runs `task` once a place is free, after every task that came before it has started. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createFifoGate(limit: number): FifoGate {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`FIFO gate limit must be 1 or more, got ${limit}`);
  const waiting: (() => void)[] = [];
  let running = 0;
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run(task) {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
