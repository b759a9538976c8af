// The auth bench's peer (bench/auth): a Better Auth server with email and password sign-in on
// node-postgres, as its documentation sets one up, on loopback. Its tables live in their own
// PostgreSQL schema (better_auth) of the database in DATABASE_URL and are created at start. Its
// rate limiter is off, for the bench only (ours is off too). Prints {"port": N} once it listens.
import { createServer } from "node:http";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";
import pg from "pg";

const schema = "better_auth";
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();
await setup.query(`create schema if not exists ${schema}`);
await setup.end();

const auth = betterAuth({
  database: new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` }),
  secret: "this-secret-is-for-the-auth-benchmark-peer-only",
  baseURL: "http://127.0.0.1",
  trustedOrigins: ["http://127.0.0.1"],
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
});
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();

const server = createServer(toNodeHandler(auth));
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
