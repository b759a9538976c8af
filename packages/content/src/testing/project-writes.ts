/**
 * @module
 * Project writes as the content API makes them (through `writeContent`: version check, revision,
 * trash and audit entry in one transaction), by one admin, for the content package's own tests.
 */
import type { Database } from "@heritage/db";
import { expect } from "vitest";
import { ContentError } from "../content-errors";
import { createProject, deleteProject, updateProject } from "../projects/projects-repository";
import { type ContentActor, writeContent } from "../revisions/content-writes";

/** `database` is asked at each write: tests open theirs in `beforeAll`. */
export function projectWritesBy(database: () => Database, actor: ContentActor) {
  return {
    create: (input: Parameters<typeof createProject>[1]) =>
      writeContent(database(), {
        table: "projects",
        operation: "create",
        actor,
        write: (tx) => createProject(tx, input),
      }),
    update: (input: Parameters<typeof updateProject>[1]) =>
      writeContent(database(), {
        table: "projects",
        operation: "update",
        id: input.id,
        actor,
        write: (tx) => updateProject(tx, input),
      }),
    remove: (id: string) =>
      writeContent(database(), {
        table: "projects",
        operation: "delete",
        id,
        actor,
        write: (tx) => deleteProject(tx, id),
      }),
  };
}

/** The `ContentError` a write is refused with (fails the test when it is not refused so). */
export async function refusal(promise: Promise<unknown>): Promise<ContentError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
}
