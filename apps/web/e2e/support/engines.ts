/**
 * @module
 * Which database engines a browser journey runs on (decision 027). Every journey runs on the
 * embedded database; one whose subject depends on the engine also runs on PostgreSQL, and says so
 * at its top with `dependsOnEngine(reason, why)`. scripts/database-test-files.mjs reads that call
 * to make CI's PostgreSQL list, and refuses a journey that hears announcements without it.
 */
import { testEngine } from "@heritage/db/testing";
import { it } from "vitest";

/**
 * - `announcements`: a write another process made (here: behind the server's back) reaches the
 *   server through the database's announcement (PostgreSQL NOTIFY / PGlite in-process);
 * - `race`: concurrent requests that the database's constraints or locks decide;
 * - `database-failure`: the database refusing or dropping work;
 * - `write-path`: the representative editor's write path (form, content API, storage, page cache).
 */
export type EngineReason = "announcements" | "race" | "database-failure" | "write-path";

/** Declares that this journey also runs on PostgreSQL, and why. Changes nothing at run time. */
export function dependsOnEngine(_reason: EngineReason, _why: string): void {}

/**
 * Whether this run audits accessibility: on the embedded database only. What axe checks is the
 * rendered page, which does not depend on the engine; on PostgreSQL the audits would only repeat.
 */
export const auditsAccessibility = testEngine() === "pglite";

/**
 * `it` for a step of an engine-dependent journey whose subject is not the engine (loading states,
 * markup, headers, error screens): it runs on the embedded database only, as a journey that does
 * not depend on the engine does. The journey's own subject stays in plain `it` and runs on both.
 * A step marked so must leave the journey's state as it found it, or come last: on PostgreSQL the
 * steps after it run without it.
 */
export const itOnEmbeddedOnly = it.skipIf(testEngine() !== "pglite");
