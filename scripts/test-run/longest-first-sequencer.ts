/**
 * @module
 * The order test files start in: the longest first, so that both cores stay busy to the end of
 * the run instead of one finishing a long browser journey alone (issue 27, decision 027).
 *
 * Vitest's own order keeps projects in alphabetical order and sorts by duration only within one,
 * from a cache a clean clone does not have: the browser journeys (the longest files) started last.
 * Here projects are ordered by their longest file (from the committed test-timings.json), and the
 * files of a project longest first. Files of one project stay together because a worker keeps its
 * module graph only while the next file in the queue belongs to the same project (isolate: false).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readTimings, type Timings, timingKey } from "./test-timings";

/** A file missing from the list (new since it was refreshed) counts as its project's longest. */
export function orderLongestFirst<File>(
  files: readonly File[],
  describe: (file: File) => { project: string; key: string },
  timings: Timings,
): File[] {
  const byProject = new Map<string, { file: File; seconds: number | undefined }[]>();
  for (const file of files) {
    const { project, key } = describe(file);
    const entries = byProject.get(project) ?? [];
    entries.push({ file, seconds: timings[key] });
    byProject.set(project, entries);
  }
  const projects = [...byProject.entries()].map(([name, entries]) => {
    const longest = Math.max(0, ...entries.map((entry) => entry.seconds ?? 0));
    const ordered = entries
      .map((entry) => ({ ...entry, seconds: entry.seconds ?? longest }))
      .sort((a, b) => b.seconds - a.seconds);
    return { name, longest, ordered };
  });
  projects.sort((a, b) => b.longest - a.longest || (a.name < b.name ? -1 : 1));
  return projects.flatMap((project) => project.ordered.map((entry) => entry.file));
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const timings = readTimings();
    return orderLongestFirst(
      files,
      (spec) => ({ project: spec.project.name, key: timingKey(spec.project.name, spec.moduleId) }),
      timings,
    );
  }
}
