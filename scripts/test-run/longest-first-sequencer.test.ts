import { describe, expect, it } from "vitest";
import { orderLongestFirst } from "./longest-first-sequencer";
import { mergeTimings } from "./test-timings";

type File = { project: string; path: string };
const describeFile = (file: File) => ({
  project: file.project,
  key: `${file.project}|${file.path}`,
});
const order = (files: File[], timings: Record<string, number>) =>
  orderLongestFirst(files, describeFile, timings).map((file) => `${file.project}|${file.path}`);

describe("the longest-first order", () => {
  it("starts the project with the longest file first, each project's files longest first", () => {
    const files: File[] = [
      { project: "@heritage/db", path: "a.test.ts" },
      { project: "e2e", path: "short.test.ts" },
      { project: "@heritage/db", path: "b.test.ts" },
      { project: "e2e", path: "long.test.ts" },
    ];
    const timings = {
      "@heritage/db|a.test.ts": 2,
      "@heritage/db|b.test.ts": 9,
      "e2e|short.test.ts": 5,
      "e2e|long.test.ts": 60,
    };
    expect(order(files, timings)).toEqual([
      "e2e|long.test.ts",
      "e2e|short.test.ts",
      "@heritage/db|b.test.ts",
      "@heritage/db|a.test.ts",
    ]);
  });

  it("counts a file missing from the list as its project's longest, so a new journey starts early", () => {
    const files: File[] = [
      { project: "e2e", path: "known.test.ts" },
      { project: "e2e", path: "new.test.ts" },
      { project: "unit", path: "x.test.ts" },
    ];
    const timings = { "e2e|known.test.ts": 40, "unit|x.test.ts": 50 };
    expect(order(files, timings)).toEqual([
      "unit|x.test.ts",
      "e2e|known.test.ts",
      "e2e|new.test.ts",
    ]);
  });

  it("keeps Vitest's project order (by name) when nothing is known", () => {
    const files: File[] = [
      { project: "b", path: "1.test.ts" },
      { project: "a", path: "2.test.ts" },
    ];
    expect(order(files, {})).toEqual(["a|2.test.ts", "b|1.test.ts"]);
  });
});

describe("refreshing the timing list", () => {
  const exists = () => true;

  it("takes a new file's time and a time that moved by more than a fifth and a second", () => {
    const merged = mergeTimings(
      { "p|moved": 10, "p|steady": 10 },
      { "p|moved": 14.2, "p|steady": 11.4, "p|new": 3.4 },
      exists,
    );
    expect(merged).toEqual({ "p|moved": 14, "p|steady": 10, "p|new": 3 });
  });

  it("drops files that are gone and keeps those that did not run", () => {
    const merged = mergeTimings({ "p|gone": 5, "p|kept": 7 }, {}, (key) => key !== "p|gone");
    expect(merged).toEqual({ "p|kept": 7 });
  });
});
