/**
 * @module
 * A site with data in it, made through the real server (startServer) and its HTTP API, for the
 * tests of the operator commands (move, backup, restore): an admin with a password who signed in
 * (a session and its refresh token), an uploaded image (media record and files), a FAQ written
 * through the content API. Also what those tests check afterwards: signing in, refreshing, and a
 * digest of every table's rows. Test-only.
 */

import type { Database } from "@heritage/db";
import { listTables } from "@heritage/db/transfer";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { runOperation } from "../operations/cli";
import { type RunningServer, type StartOptions, startServer } from "../server";

export const siteAdmin = { email: "keeper@example.org", password: "an old password that moves" };
export const faqQuestion = "Does the archive survive a move?";

export interface PopulatedSite {
  /** The admin's session from before: must still refresh afterwards. */
  refreshToken: string;
  mediaUrl: string;
  mediaBytes: Buffer;
  mediaVariantUrls: string[];
}

/** The environment the operator commands and servers of these tests share. */
export function siteEnv(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      PAGE_CACHE_MB: "0",
      ...env,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export function startSite(
  env: Record<string, string | undefined>,
  options: Omit<StartOptions, "env"> = {},
): Promise<RunningServer> {
  return startServer({ env: siteEnv(env), ...options });
}

function clientHeaders(server: RunningServer): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": server.siteAuth.projectId,
    "x-stack-publishable-client-key": server.siteAuth.publishableClientKey,
  };
}

export function signIn(server: RunningServer, credentials = siteAdmin) {
  return fetch(`${server.url}/api/v1/auth/password/sign-in`, {
    method: "POST",
    headers: clientHeaders(server),
    body: JSON.stringify(credentials),
  });
}

export function refresh(server: RunningServer, refreshToken: string) {
  return fetch(`${server.url}/api/v1/auth/sessions/current/refresh`, {
    method: "POST",
    headers: { ...clientHeaders(server), "x-stack-refresh-token": refreshToken },
  });
}

/** Starts a server on `env` (ADMIN_EMAIL creates the admin), writes through its API, stops it. */
export async function populateSite(
  env: Record<string, string | undefined>,
  options: Omit<StartOptions, "env"> = {},
): Promise<PopulatedSite> {
  const server = await startSite(
    { ...env, ADMIN_EMAIL: siteAdmin.email, ADMIN_PASSWORD: siteAdmin.password },
    options,
  );
  try {
    const signedIn = await signIn(server);
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
    const tokens = (await signedIn.json()) as { access_token: string; refresh_token: string };
    const authorization = `Bearer ${tokens.access_token}`;

    const png = await sharp({
      create: { width: 900, height: 500, channels: 3, background: "#2e86c1" },
    })
      .png()
      .toBuffer();
    const upload = await fetch(`${server.url}/functions/upload-image`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}` }),
    });
    if (upload.status !== 201 && upload.status !== 200)
      throw new Error(`upload answered ${upload.status}`);
    const uploaded = (await upload.json()) as {
      url: string;
      data: { variants: { url: string }[] };
    };
    const media = await fetch(`${server.url}${uploaded.url}`);
    if (media.status !== 200) throw new Error(`the upload is not served (${media.status})`);

    const faq = await fetch(`${server.url}/functions/api-faqs`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify({ question: faqQuestion, answer: "Every row of it." }),
    });
    if (faq.status !== 200 && faq.status !== 201) throw new Error(`FAQ answered ${faq.status}`);

    return {
      refreshToken: tokens.refresh_token,
      mediaUrl: uploaded.url,
      mediaBytes: Buffer.from(await media.arrayBuffer()),
      mediaVariantUrls: uploaded.data.variants.map((variant) => variant.url),
    };
  } finally {
    await server.stop();
  }
}

/** Each table of the server's schemas with its row count and a digest of its rows' text. */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await listTables(db, ["content", "auth"])) {
    const name = `"${table.schema}"."${table.name}"`;
    const result = await db.execute<{ rows: string; digest: string | null }>(
      sql.raw(
        `select count(*)::text as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
      ),
    );
    const row = result.rows[0];
    digests[table.qualifiedName] = `${row?.rows} rows ${row?.digest ?? "-"}`;
  }
  return digests;
}

/**
 * The PostgreSQL server tests copy to: the run's (HERITAGE_TEST_POSTGRES_URL in a run over both
 * engines, else DATABASE_URL), else the local one CI and developers have.
 */
export function testPostgresServerUrl(): string {
  return (
    process.env.HERITAGE_TEST_POSTGRES_URL ||
    process.env.DATABASE_URL ||
    "postgres://postgres@127.0.0.1:5432/postgres"
  );
}

/** Runs an operator command in process, keeping what it prints. */
export async function runCommand(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperation(name, args, siteEnv(env), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}
