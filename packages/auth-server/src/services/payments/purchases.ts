/**
 * Purchases (contract §3.6): a purchase URL carries a one-time code for a pending checkout. Without a
 * payment provider the built-in test-mode checkout (routes/payments/test-mode-checkout.ts) confirms it; with
 * Stripe, the webhook of the code's paid Checkout Session does (stripe-webhook-events.ts). Either way
 * the code is spent once and the product is granted with its included items. Only the SHA-256 of a
 * code is stored.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import { productPurchases, purchaseCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import {
  type PurchaseSource as GrantSource,
  recordProductGrant,
} from "../product-grants/product-grants";
import { type PaymentProduct, paymentProductSchema } from "../projects/payments-config";
import type { LoadedProject } from "../projects/projects";
import { hashSecret } from "../secrets/secrets";
import type { Customer } from "./customers";
import { lockCustomerItem } from "./items";

type PurchaseDeps = Pick<AuthDeps, "db" | "clock" | "ids">;

/** As the reference: a purchase URL stays usable for a day. */
export const purchaseCodeLifetimeMs = 24 * 60 * 60 * 1000;

/** Whether the customer already owns this (non-stackable) product. */
export async function ownsProduct(
  db: Database,
  projectId: string,
  customer: Customer,
  productId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: productPurchases.id })
    .from(productPurchases)
    .where(
      and(
        eq(productPurchases.projectId, projectId),
        eq(productPurchases.customerType, customer.type),
        eq(productPurchases.customerId, customer.id),
        eq(productPurchases.productId, productId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function ensureProductNotOwned(
  db: Database,
  projectId: string,
  customer: Customer,
  productId: string | undefined,
  product: PaymentProduct,
): Promise<void> {
  if (productId === undefined || product.stackable) return;
  if (await ownsProduct(db, projectId, customer, productId)) {
    throw knownErrors.productAlreadyGranted({ product_id: productId, customer_id: customer.id });
  }
}

/** Stores a pending checkout; returns the full code `{projectId}_{secret}` for the URL. */
export async function createPurchaseCode(
  deps: PurchaseDeps & Pick<AuthDeps, "ids">,
  project: LoadedProject,
  input: {
    customer: Customer;
    productId: string | undefined;
    product: PaymentProduct;
    returnUrl: string | undefined;
  },
): Promise<string> {
  const secret = deps.ids.generateToken();
  const now = deps.clock();
  await deps.db.insert(purchaseCodes).values({
    id: deps.ids.generateId(),
    projectId: project.id,
    codeHash: hashSecret(secret),
    customerType: input.customer.type,
    customerId: input.customer.id,
    productId: input.productId ?? null,
    product: input.product,
    returnUrl: input.returnUrl ?? null,
    expiresAt: new Date(now.getTime() + purchaseCodeLifetimeMs),
    createdAt: now,
  });
  return `${project.id}_${secret}`;
}

export interface PendingPurchase {
  codeId: string;
  projectId: string;
  customer: Customer;
  productId: string | null;
  product: PaymentProduct;
  returnUrl: string | null;
  /** The code's Stripe Checkout Session, once the buyer continued to payment. */
  stripeCheckoutSessionId: string | null;
  stripeCheckoutUrl: string | null;
}

/** Where a checkout's purchase came from (`product_purchases.source`). */
export type PurchaseSource = Extract<GrantSource, "test_mode" | "stripe">;

function toPendingPurchase(row: typeof purchaseCodes.$inferSelect): PendingPurchase {
  return {
    codeId: row.id,
    projectId: row.projectId,
    customer: { type: row.customerType as Customer["type"], id: row.customerId },
    productId: row.productId,
    product: paymentProductSchema.parse(row.product),
    returnUrl: row.returnUrl,
    stripeCheckoutSessionId: row.stripeCheckoutSessionId,
    stripeCheckoutUrl: row.stripeCheckoutUrl,
  };
}

function splitFullCode(fullCode: string): { projectId: string; secret: string } | null {
  const at = fullCode.lastIndexOf("_");
  if (at <= 0 || at === fullCode.length - 1) return null;
  return { projectId: fullCode.slice(0, at), secret: fullCode.slice(at + 1) };
}

/** The unspent, unexpired checkout behind a full code, or null. */
export async function findPendingPurchase(
  db: Database,
  now: Date,
  fullCode: string,
): Promise<PendingPurchase | null> {
  const parts = splitFullCode(fullCode);
  if (!parts) return null;
  const [row] = await db
    .select()
    .from(purchaseCodes)
    .where(
      and(
        eq(purchaseCodes.codeHash, hashSecret(parts.secret)),
        eq(purchaseCodes.projectId, parts.projectId),
        isNull(purchaseCodes.usedAt),
        gt(purchaseCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? toPendingPurchase(row) : null;
}

/**
 * Spends the code and grants the product with its included items, all in one transaction; null when
 * the code is unknown, expired or already spent (a second confirm grants nothing). A product the
 * customer came to own since the URL was made gives PRODUCT_ALREADY_GRANTED and spends nothing.
 */
export async function confirmPurchase(
  deps: PurchaseDeps,
  fullCode: string,
  source: PurchaseSource,
): Promise<PendingPurchase | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const pending = await findPendingPurchase(tx, now, fullCode);
    if (!pending) return null;
    return (await spendAndGrant(tx, deps, pending, source, now)) ? pending : null;
  });
}

/**
 * The purchase code of a Stripe Checkout Session, spent or not, expired or not: a session that was
 * paid must be granted even when the buyer took longer than the code's lifetime.
 */
export async function findPurchaseByStripeSession(
  db: Database,
  sessionId: string,
): Promise<(PendingPurchase & { isSpent: boolean }) | null> {
  const [row] = await db
    .select()
    .from(purchaseCodes)
    .where(eq(purchaseCodes.stripeCheckoutSessionId, sessionId))
    .limit(1);
  return row ? { ...toPendingPurchase(row), isSpent: row.usedAt !== null } : null;
}

/**
 * Spends a code and grants its purchase inside the caller's transaction; false when the code was
 * spent already (by a concurrent confirm, or an earlier delivery of the same Stripe event). Throws
 * PRODUCT_ALREADY_GRANTED for a non-stackable product the customer owns since the URL was made.
 */
export async function spendAndGrant(
  tx: Database,
  deps: Pick<AuthDeps, "ids">,
  pending: PendingPurchase,
  source: PurchaseSource,
  now: Date,
): Promise<boolean> {
  const spent = await tx
    .update(purchaseCodes)
    .set({ usedAt: now })
    .where(and(eq(purchaseCodes.id, pending.codeId), isNull(purchaseCodes.usedAt)))
    .returning({ id: purchaseCodes.id });
  if (spent.length === 0) return false;
  if (pending.productId !== null) {
    // Two different codes for the same product must not both grant it.
    await lockCustomerItem(tx, pending.projectId, pending.customer, `product:${pending.productId}`);
  }
  const itemIds = Object.keys(pending.product.includedItems).sort();
  for (const itemId of itemIds) {
    await lockCustomerItem(tx, pending.projectId, pending.customer, itemId);
  }
  await ensureProductNotOwned(
    tx,
    pending.projectId,
    pending.customer,
    pending.productId ?? undefined,
    pending.product,
  );
  await recordProductGrant(tx, deps.ids, {
    projectId: pending.projectId,
    customer: pending.customer,
    productId: pending.productId,
    product: pending.product,
    source,
    now,
  });
  return true;
}
