/**
 * @module
 * Test fixture: writes one committed row to a PGlite data directory, reports it, then idles so
 * the test can kill the process without a clean shutdown.
 */
import { sql } from "drizzle-orm";
import { connect } from "../connect";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: write-and-wait-fixture <dataDir>");
const connection = await connect({ dataDir });
await connection.db.execute(sql`create table durability_check (note text)`);
await connection.db.execute(sql`insert into durability_check values ('survives kill -9')`);
process.stdout.write("written\n");
setInterval(() => {}, 60_000);
