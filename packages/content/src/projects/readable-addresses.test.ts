import { randomUUID } from "node:crypto";
import type { Database, DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../table-query";
import { projectWritesBy } from "../testing/project-writes";
import { findProjectByAddress, findProjectById } from "./projects-repository";
import { adoptReadableProjectAddresses } from "./readable-addresses";

let connection: DatabaseConnection;
let db: Database;
beforeAll(async () => {
  connection = await createTestDatabase();
  db = connection.db;
});
afterAll(async () => {
  await connection.close();
});

const actor = { id: "admin-1", name: "Ann" };
const { create } = projectWritesBy(() => db, actor);

describe("readable addresses for projects published at their UUID", () => {
  it("gives each one its title's address once, the UUID redirecting, and leaves chosen addresses alone", async () => {
    // As the admin made projects before they had addresses: the id (a UUID) is the address.
    const oldId = randomUUID();
    await create({ id: oldId, title: "Šta čujemo u Mostaru", category: "music" });
    expect((await findProjectById(db, oldId))?.slug).toBe(oldId);
    const chosen = await create({ title: "Kept", slug: "my-own-address", category: "music" });
    const readableId = await create({ id: "stari-most", title: "Old Bridge", category: "music" });

    const changed = await adoptReadableProjectAddresses(db);
    expect(changed).toEqual([{ id: oldId, slug: "sta-cujemo-u-mostaru" }]);
    const moved = await findProjectByAddress(db, oldId);
    expect(moved).toMatchObject({ at: "moved", project: { slug: "sta-cujemo-u-mostaru" } });
    expect((await findProjectById(db, chosen?.id ?? ""))?.slug).toBe("my-own-address");
    expect((await findProjectById(db, readableId?.id ?? ""))?.slug).toBe("stari-most");

    // The history names the server; a second start changes nothing.
    const revisions = await selectRows(db, "revisions", {
      filters: [
        { column: "row_id", operator: "eq", value: oldId },
        { column: "operation", operator: "eq", value: "update" },
      ],
    });
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ actor_name: "Server (readable project addresses)" });
    expect(await adoptReadableProjectAddresses(db)).toEqual([]);
  });

  it("makes the address unique when another project reads the same", async () => {
    await create({ title: "Sevdah", category: "music" });
    const oldId = randomUUID();
    await create({ id: oldId, title: "Sevdah", category: "music" });
    const changed = await adoptReadableProjectAddresses(db);
    expect(changed).toEqual([{ id: oldId, slug: "sevdah-2" }]);
  });
});
