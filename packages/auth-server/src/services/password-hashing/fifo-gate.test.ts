import { describe, expect, it } from "vitest";
import { createFifoGate } from "./fifo-gate";

/** A task that starts when the gate lets it and ends when the test says so. */
function controlledTask(started: number[], id: number) {
  let finish: (value: number) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<number>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    run: () => {
      started.push(id);
      return done;
    },
    finish: () => finish(id),
    fail: () => fail(new Error(`task ${id} failed`)),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("FIFO gate", () => {
  it("runs at most `limit` tasks at once and starts the rest in the order they came", async () => {
    const gate = createFifoGate(2);
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4, 5].map((id) => controlledTask(started, id));
    const results = tasks.map((task) => gate.run(task.run));
    await settle();
    expect(started).toEqual([0, 1]);
    // The second running task ends first: the next in line (2) starts, not a later one.
    tasks[1]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]?.finish();
    tasks[2]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    tasks[3]?.finish();
    tasks[4]?.finish();
    await settle();
    tasks[5]?.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("frees the place of a task that fails, and passes its error on", async () => {
    const gate = createFifoGate(1);
    const started: number[] = [];
    const first = controlledTask(started, 0);
    const second = controlledTask(started, 1);
    const failing = gate.run(first.run);
    const next = gate.run(second.run);
    await settle();
    expect(started).toEqual([0]);
    first.fail();
    await expect(failing).rejects.toThrow("task 0 failed");
    await settle();
    expect(started).toEqual([0, 1]);
    second.finish();
    expect(await next).toBe(1);
  });

  it("refuses a limit below one", () => {
    expect(() => createFifoGate(0)).toThrow("FIFO gate limit must be 1 or more");
  });
});
