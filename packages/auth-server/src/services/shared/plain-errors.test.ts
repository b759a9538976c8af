/**
 * The plain-text error catalogue (plain-errors.ts): one name per entry, one entry per answer
 * (status and text), every entry a 4xx/5xx StatusError; and the rule that keeps it the only
 * vocabulary: no file of the auth server constructs a StatusError itself or sends an error text
 * of its own with `sendText`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { plainErrors } from "./plain-errors";
import { StatusError } from "./status-error";

const sourceRoot = fileURLToPath(new URL("..", import.meta.url));
const cataloguePath = fileURLToPath(new URL("./plain-errors.ts", import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** Stands for any parameter: a string in a template, a list where the entry joins one. */
const placeholder = Object.assign(["‹p›"], { toString: () => "‹p›" });

function sample(name: string): StatusError {
  const factory = plainErrors[name as keyof typeof plainErrors] as (...args: unknown[]) => unknown;
  const error = factory(...Array.from({ length: factory.length }, () => placeholder));
  if (!(error instanceof StatusError)) throw new Error(`${name} does not make a StatusError`);
  return error;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("plain error catalogue", () => {
  it("names each entry once", () => {
    const source = readFileSync(cataloguePath, "utf8");
    const names = [...source.matchAll(/^ {2}(\w+): /gm)].map((match) => match[1]);
    expect(names.length).toBe(Object.keys(plainErrors).length);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("holds each answer (status and text) once, every one a 4xx or 5xx", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const name of Object.keys(plainErrors)) {
      const error = sample(name);
      expect(error.status, name).toBeGreaterThanOrEqual(400);
      expect(error.status, name).toBeLessThan(600);
      expect(error.message.trim(), name).not.toBe("");
      const answer = `${error.status} ${error.message}`;
      const other = seen.get(answer);
      if (other) duplicates.push(`${other} and ${name}: ${answer}`);
      seen.set(answer, name);
    }
    expect(duplicates).toEqual([]);
  });

  it("gives each thrown error its own instance", () => {
    expect(plainErrors.sessionNotFound()).not.toBe(plainErrors.sessionNotFound());
    expect(plainErrors.tooManyRequests(7).headers).toEqual({ "retry-after": "7" });
  });
});

describe("one error vocabulary", () => {
  it("no file outside the catalogue constructs a StatusError or sends an error text itself", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      if (file === cataloguePath || file === thisFile) continue;
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        const where = `${relative(sourceRoot, file)}:${index + 1}`;
        if (/new StatusError\b/.test(line)) offenders.push(`${where} constructs a StatusError`);
        if (/\bsendText\([^)]*,\s*[45]\d\d\s*\)/.test(line)) {
          offenders.push(`${where} sends an error text with sendText`);
        }
      });
    }
    expect(offenders, "use plainErrors (services/shared/plain-errors.ts) or knownErrors").toEqual(
      [],
    );
  });
});
