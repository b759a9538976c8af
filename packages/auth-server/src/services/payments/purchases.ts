/**
 * Purchases (contract §3.6): a purchase URL carries a one-time code for a pending checkout; without a
 * payment provider the built-in test-mode checkout (routes/test-mode-checkout.ts) confirms it, which
 * grants the product and its included items. Only the SHA-256 of a code is stored.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import { itemQuantityChanges, productPurchases, purchaseCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects";
import { hashSecret } from "../secrets";
import type { Customer } from "./customers";
import { lockCustomerItem } from "./items";
import { type PaymentProduct, paymentProductSchema } from "./payments-config";

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
  if (!row) return null;
  return {
    codeId: row.id,
    projectId: row.projectId,
    customer: { type: row.customerType as Customer["type"], id: row.customerId },
    productId: row.productId,
    product: paymentProductSchema.parse(row.product),
    returnUrl: row.returnUrl,
  };
}

/**
 * Spends the code and grants the product with its included items, all in one transaction; null when
 * the code is unknown, expired or already spent (a second confirm grants nothing). A product the
 * customer came to own since the URL was made gives PRODUCT_ALREADY_GRANTED and spends nothing.
 */
export async function confirmPurchase(
  deps: PurchaseDeps,
  fullCode: string,
  source: "test_mode",
): Promise<PendingPurchase | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const pending = await findPendingPurchase(tx, now, fullCode);
    if (!pending) return null;
    const spent = await tx
      .update(purchaseCodes)
      .set({ usedAt: now })
      .where(and(eq(purchaseCodes.id, pending.codeId), isNull(purchaseCodes.usedAt)))
      .returning({ id: purchaseCodes.id });
    // A concurrent confirm spent it first.
    if (spent.length === 0) return null;
    if (pending.productId !== null) {
      // Two different codes for the same product must not both grant it.
      await lockCustomerItem(
        tx,
        pending.projectId,
        pending.customer,
        `product:${pending.productId}`,
      );
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
    const purchaseId = deps.ids.generateId();
    await tx.insert(productPurchases).values({
      id: purchaseId,
      projectId: pending.projectId,
      customerType: pending.customer.type,
      customerId: pending.customer.id,
      productId: pending.productId,
      product: pending.product,
      source,
      createdAt: now,
    });
    const grants = itemIds
      .map((itemId) => ({ itemId, quantity: pending.product.includedItems[itemId]?.quantity ?? 0 }))
      .filter((grant) => grant.quantity !== 0);
    if (grants.length > 0) {
      await tx.insert(itemQuantityChanges).values(
        grants.map((grant) => ({
          id: deps.ids.generateId(),
          projectId: pending.projectId,
          customerType: pending.customer.type,
          customerId: pending.customer.id,
          itemId: grant.itemId,
          delta: grant.quantity,
          description: `Included in product ${pending.productId ?? pending.product.displayName}`,
          purchaseId,
          createdAt: now,
        })),
      );
    }
    return pending;
  });
}
