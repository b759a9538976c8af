/**
 * What the integration OAuth flow keeps in the database (migration 0029), so that every process of
 * the server can carry on a flow another one began:
 * - the OpenID provider's own records (sessions, interactions, grants, codes, tokens) through its
 *   adapter interface, and its ID-token signing key;
 * - the dashboard's one-time confirmation codes (digests), each carrying a project's new admin key
 *   (sealed) for one interaction;
 * - the provider's accounts, one per finished interaction, whose admin key the client's token
 *   exchange receives once.
 * Expired rows are never read; each write sweeps a bounded batch of them.
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { z } from "zod";
import {
  integrationAuthorizationCodes,
  integrationIdpAccounts,
  integrationIdpRecords,
} from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { secretContexts } from "../secrets/secret-box";
import { hashSecret } from "../secrets/secrets";

type StoreDeps = Pick<AuthDeps, "db" | "clock" | "secrets">;

/** A confirmation code is good for an hour, as long as the interaction that waits for it. */
export const confirmationCodeLifetimeMillis = 60 * 60 * 1000;
/** The account lives as long as its grant (a day, as the reference's), time for the exchange. */
export const idpAccountLifetimeSeconds = 24 * 60 * 60;
/** Rows one write sweeps at most, so a write's work stays small whatever the backlog. */
const sweepBatchSize = 100;

/** What the client's token exchange answers: the project and its new admin key. */
export const integrationTokenResultSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("api_key"),
  project_id: z.string(),
});
export type IntegrationTokenResult = z.infer<typeof integrationTokenResultSchema>;

/** Deletes up to `sweepBatchSize` expired rows of one of this module's tables. */
async function sweepExpired(
  deps: StoreDeps,
  table:
    | typeof integrationIdpRecords
    | typeof integrationAuthorizationCodes
    | typeof integrationIdpAccounts,
): Promise<void> {
  await deps.db.execute(sql`
    DELETE FROM ${table} WHERE ctid IN (
      SELECT ctid FROM ${table} WHERE ${table.expiresAt} < ${deps.clock()} LIMIT ${sweepBatchSize})`);
}

/** One provider's records of one model, expired or not. */
const recordsOf = (idpId: string, model: string) =>
  and(eq(integrationIdpRecords.idpId, idpId), eq(integrationIdpRecords.model, model));

/**
 * The oidc-provider adapter of one provider (`idpId`): each model's records by id, or by a
 * property of the payload (`uid`, `userCode`, `grantId`), never an expired one.
 */
export function createIdpAdapterClass(deps: StoreDeps, idpId: string) {
  const live = (model: string) =>
    and(recordsOf(idpId, model), sql`${integrationIdpRecords.expiresAt} > ${deps.clock()}`);
  const byProperty = (model: string, property: string, value: string) =>
    and(live(model), sql`${integrationIdpRecords.payload} ->> ${property} = ${value}`);

  return class IntegrationIdpAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await sweepExpired(deps, integrationIdpRecords);
      const expiresAt = new Date(deps.clock().getTime() + expiresIn * 1000);
      await deps.db
        .insert(integrationIdpRecords)
        .values({ idpId, model: this.model, id, payload, expiresAt })
        .onConflictDoUpdate({
          target: [
            integrationIdpRecords.idpId,
            integrationIdpRecords.model,
            integrationIdpRecords.id,
          ],
          set: { payload, expiresAt },
        });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await deps.db
        .select({ payload: integrationIdpRecords.payload })
        .from(integrationIdpRecords)
        .where(and(live(this.model), eq(integrationIdpRecords.id, id)));
      return row?.payload as AdapterPayload | undefined;
    }

    private async findBy(property: string, value: string): Promise<AdapterPayload | undefined> {
      const [row] = await deps.db
        .select({ payload: integrationIdpRecords.payload })
        .from(integrationIdpRecords)
        .where(byProperty(this.model, property, value))
        .limit(1);
      return row?.payload as AdapterPayload | undefined;
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy("uid", uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy("userCode", userCode);
    }

    async consume(id: string): Promise<void> {
      // Marks the record used (an authorization code): a second exchange of it is refused.
      await deps.db
        .update(integrationIdpRecords)
        .set({
          payload: sql`${integrationIdpRecords.payload} || jsonb_build_object('consumed', ${Math.floor(deps.clock().getTime() / 1000)}::int)`,
        })
        .where(and(live(this.model), eq(integrationIdpRecords.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await deps.db
        .delete(integrationIdpRecords)
        .where(and(recordsOf(idpId, this.model), eq(integrationIdpRecords.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deps.db
        .delete(integrationIdpRecords)
        .where(
          and(
            recordsOf(idpId, this.model),
            sql`${integrationIdpRecords.payload} ->> 'grantId' = ${grantId}`,
          ),
        );
    }
  };
}

const signingKeyModel = "SigningKey";
const signingKeyId = "ES256";
/** The provider's key outlives every token it signs; it changes only with the database. */
const signingKeyLifetimeMillis = 100 * 365 * 24 * 60 * 60 * 1000;

/**
 * The provider's ES256 private key for ID tokens, the same in every process: made by the first
 * process that needs it (a second one's insert loses and reads the winner's), kept sealed.
 */
export async function loadIdpSigningKey(deps: StoreDeps, idpId: string): Promise<JWK> {
  const context = secretContexts.integrationIdpSigningKey(idpId);
  const read = async () => {
    const [row] = await deps.db
      .select({ payload: integrationIdpRecords.payload })
      .from(integrationIdpRecords)
      .where(and(recordsOf(idpId, signingKeyModel), eq(integrationIdpRecords.id, signingKeyId)));
    const sealed = (row?.payload as { sealed?: unknown } | undefined)?.sealed;
    return typeof sealed === "string"
      ? (JSON.parse(deps.secrets.open(sealed, context)) as JWK)
      : null;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: "ES256",
    use: "sig",
    kid: crypto.randomUUID(),
  };
  await deps.db
    .insert(integrationIdpRecords)
    .values({
      idpId,
      model: signingKeyModel,
      id: signingKeyId,
      payload: { sealed: deps.secrets.seal(JSON.stringify(jwk), context) },
      expiresAt: new Date(deps.clock().getTime() + signingKeyLifetimeMillis),
    })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`The signing key of ${idpId} was not stored`);
  return stored;
}

/** Stores the dashboard's one-time code for `interactionUid`, with the admin key it hands over. */
export async function storeConfirmationCode(
  deps: StoreDeps,
  input: {
    idpId: string;
    code: string;
    interactionUid: string;
    result: IntegrationTokenResult;
  },
): Promise<void> {
  const now = deps.clock();
  await sweepExpired(deps, integrationAuthorizationCodes);
  const codeHash = hashSecret(input.code);
  await deps.db.insert(integrationAuthorizationCodes).values({
    codeHash,
    idpId: input.idpId,
    interactionUid: input.interactionUid,
    projectId: input.result.project_id,
    resultSealed: deps.secrets.seal(
      JSON.stringify(input.result),
      secretContexts.integrationCodeResult(codeHash),
    ),
    expiresAt: new Date(now.getTime() + confirmationCodeLifetimeMillis),
    createdAt: now,
  });
}

export type ConfirmationCodeUse =
  | { ok: true; result: IntegrationTokenResult; projectId: string }
  | { ok: false; reason: "unknown" | "other-interaction" };

/**
 * Uses a confirmation code for the interaction `interactionUid`, once: an unknown or expired code
 * or one made for another interaction is refused (and the latter kept for its own).
 */
export async function useConfirmationCode(
  deps: StoreDeps,
  input: { idpId: string; code: string; interactionUid: string },
): Promise<ConfirmationCodeUse> {
  const codeHash = hashSecret(input.code);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrationAuthorizationCodes)
      .where(
        and(
          eq(integrationAuthorizationCodes.codeHash, codeHash),
          eq(integrationAuthorizationCodes.idpId, input.idpId),
          sql`${integrationAuthorizationCodes.expiresAt} > ${deps.clock()}`,
        ),
      )
      .for("update");
    if (!row) return { ok: false, reason: "unknown" };
    if (row.interactionUid !== input.interactionUid)
      return { ok: false, reason: "other-interaction" };
    await tx
      .delete(integrationAuthorizationCodes)
      .where(eq(integrationAuthorizationCodes.codeHash, codeHash));
    const result = integrationTokenResultSchema.parse(
      JSON.parse(
        deps.secrets.open(row.resultSealed, secretContexts.integrationCodeResult(codeHash)),
      ),
    );
    return { ok: true, result, projectId: row.projectId };
  });
}

/** A new account of the provider, for the finished interaction, holding its admin key. */
export async function createIdpAccount(
  deps: StoreDeps,
  input: { idpId: string; accountId: string; projectId: string; result: IntegrationTokenResult },
): Promise<void> {
  const now = deps.clock();
  await sweepExpired(deps, integrationIdpAccounts);
  await deps.db.insert(integrationIdpAccounts).values({
    accountId: input.accountId,
    idpId: input.idpId,
    projectId: input.projectId,
    resultSealed: deps.secrets.seal(
      JSON.stringify(input.result),
      secretContexts.integrationAccountResult(input.accountId),
    ),
    expiresAt: new Date(now.getTime() + idpAccountLifetimeSeconds * 1000),
    createdAt: now,
  });
}

/** The admin key of the account a token exchange proved, once: the account goes with it. */
export async function takeIdpAccountResult(
  deps: StoreDeps,
  input: { idpId: string; accountId: string },
): Promise<IntegrationTokenResult | null> {
  const [row] = await deps.db
    .delete(integrationIdpAccounts)
    .where(
      and(
        eq(integrationIdpAccounts.accountId, input.accountId),
        eq(integrationIdpAccounts.idpId, input.idpId),
      ),
    )
    .returning();
  if (!row || row.expiresAt <= deps.clock()) return null;
  return integrationTokenResultSchema.parse(
    JSON.parse(
      deps.secrets.open(row.resultSealed, secretContexts.integrationAccountResult(input.accountId)),
    ),
  );
}
