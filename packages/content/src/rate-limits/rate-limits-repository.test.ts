import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit } from "./rate-limits-repository";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

describe("hitRateLimit", () => {
  const start = new Date("2026-06-01T10:00:00Z");
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const hit = (bucket: string, seconds: number) =>
    hitRateLimit(connection.db, { bucket, max: 2, windowSeconds: 60, now: at(seconds) });

  it("allows max hits per window, then says when the oldest leaves it", async () => {
    expect(await hit("a", 0)).toEqual({ allowed: true });
    expect(await hit("a", 10)).toEqual({ allowed: true });
    expect(await hit("a", 20)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await hit("b", 20)).toEqual({ allowed: true });
    expect(await hit("a", 61)).toEqual({ allowed: true });
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => hit("c", 0)));
    expect(results.filter((result) => result.allowed)).toHaveLength(2);
  });
});
