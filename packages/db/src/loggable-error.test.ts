import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "./connect";
import { redactQueryParameters } from "./loggable-error";
import { createTestDatabase } from "./testing/test-database";

const personal = "ana.horvat@example.org";

/** How a logger or console.error would show it: message, stack and every own property. */
const printed = (error: unknown) => inspect(error, { depth: 10, showHidden: true });

describe("redactQueryParameters", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table people (id int primary key, email text unique not null)`,
    );
    await database.db.execute(sql`insert into people values (1, ${personal})`);
  });
  afterAll(async () => {
    await database.close();
  });

  async function failure(statement: ReturnType<typeof sql>): Promise<Error> {
    try {
      await database.db.execute(statement);
    } catch (error) {
      return error as Error;
    }
    throw new Error("the statement did not fail");
  }

  it("keeps the statement and the database's reason, not the parameters", async () => {
    const error = await failure(sql`insert into people values (2, ${`a\u0000${personal}`})`);
    expect(printed(error)).toContain(personal);

    const redacted = redactQueryParameters(error);
    expect(printed(redacted)).not.toContain(personal);
    expect(redacted.message).toContain("Failed query: insert into people values (2, $1)");
    expect(redacted.message).toContain("params: [1 redacted]");
    expect(redacted.constructor).toBe(error.constructor);
    expect(redacted.stack).toMatch(/\n\s+at /);
    // The original is left as it was (the caller may still inspect it).
    expect(printed(error)).toContain(personal);
  });

  it("leaves out PostgreSQL's detail, which quotes the row's values", async () => {
    const error = await failure(sql`insert into people values (3, ${personal})`);
    const redacted = redactQueryParameters(error);
    expect(printed(redacted)).not.toContain(personal);
    expect(printed(redacted)).toContain("23505");
  });

  it("leaves out a value a cast could not read", async () => {
    const error = await failure(sql`select ${personal}::int`);
    expect(printed(redactQueryParameters(error))).not.toContain(personal);
  });

  it("returns anything that is not an Error as it is", () => {
    expect(redactQueryParameters("text")).toBe("text");
    expect(redactQueryParameters(null)).toBeNull();
  });
});
