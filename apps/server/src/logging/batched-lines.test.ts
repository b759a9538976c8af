import { afterEach, describe, expect, it, vi } from "vitest";
import { batchLines, type LineDestination } from "./batched-lines";

/** A destination that records each write it is handed and each flush asked of it. */
function recorder() {
  const writes: string[] = [];
  const calls: string[] = [];
  const destination: LineDestination = {
    write(data) {
      writes.push(data);
      calls.push("write");
    },
    flushSync() {
      calls.push("flushSync");
    },
    flush(callback) {
      calls.push("flush");
      callback?.();
    },
  };
  return { destination, writes, calls };
}

describe("log lines gathered before they are written (decision 045)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands the lines of one moment to the destination as one write, after the delay", () => {
    vi.useFakeTimers();
    const { destination, writes } = recorder();
    const lines = batchLines(destination, { delayMs: 25 });
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    lines.write('{"n":3}\n');
    vi.advanceTimersByTime(24);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
    // A later line waits for its own moment, and nothing is written twice.
    lines.write('{"n":4}\n');
    vi.advanceTimersByTime(25);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n']);
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(2);
  });

  it("writes at once, without waiting, when the pending lines reach the size limit", () => {
    vi.useFakeTimers();
    const { destination, writes } = recorder();
    const lines = batchLines(destination, { delayMs: 25, maxCharacters: 20 });
    lines.write("0123456789\n");
    expect(writes).toEqual([]);
    lines.write("abcdefghij\n");
    expect(writes).toEqual(["0123456789\nabcdefghij\n"]);
    // The timer the first line started is gone with its lines: it writes nothing empty.
    vi.advanceTimersByTime(25);
    expect(writes).toHaveLength(1);
  });

  it("flushSync and flush hand the pending lines over before asking the destination", () => {
    vi.useFakeTimers();
    const { destination, writes, calls } = recorder();
    const lines = batchLines(destination, { delayMs: 25 });
    lines.write("a\n");
    lines.flushSync();
    expect(writes).toEqual(["a\n"]);
    expect(calls).toEqual(["write", "flushSync"]);
    lines.write("b\n");
    const flushed = vi.fn();
    lines.flush(flushed);
    expect(writes).toEqual(["a\n", "b\n"]);
    expect(calls.slice(2)).toEqual(["write", "flush"]);
    expect(flushed).toHaveBeenCalledOnce();
    // Nothing pending: a flush asks the destination alone.
    lines.flushSync();
    expect(writes).toHaveLength(2);
  });
});
