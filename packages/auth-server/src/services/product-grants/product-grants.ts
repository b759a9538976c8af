/**
 * Granting a product (contract §3.6): one `product_purchases` row with the product as it is now, and
 * one ledger row per included item. Shared by checkouts (payments/purchases.ts, after their locks
 * and checks) and the plan every new team of the internal project starts on (dashboard-plans.ts).
 * It stands below teams/ and accounts/ (it needs nothing of them), so creating a team can grant.
 * @module
 */
import type { Database } from "@heritage/db";
import { itemQuantityChanges, productPurchases } from "../../db/schema";
import type { CustomerType, PaymentProduct } from "../projects/payments-config";
import type { IdGenerators } from "../secrets/secrets";

/** Where a granted product came from (`product_purchases.source`). */
export type PurchaseSource = "test_mode" | "stripe" | "default_plan";

export interface ProductGrant {
  projectId: string;
  customer: { type: CustomerType; id: string };
  /** Null for an inline product. */
  productId: string | null;
  product: PaymentProduct;
  source: PurchaseSource;
  now: Date;
}

/** Records the grant; returns the purchase's id. The caller holds any locks the grant needs. */
export async function recordProductGrant(
  tx: Database,
  ids: Pick<IdGenerators, "generateId">,
  grant: ProductGrant,
): Promise<string> {
  const purchaseId = ids.generateId();
  await tx.insert(productPurchases).values({
    id: purchaseId,
    projectId: grant.projectId,
    customerType: grant.customer.type,
    customerId: grant.customer.id,
    productId: grant.productId,
    product: grant.product,
    source: grant.source,
    createdAt: grant.now,
  });
  const items = Object.entries(grant.product.includedItems)
    .filter(([, item]) => item.quantity !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (items.length > 0) {
    await tx.insert(itemQuantityChanges).values(
      items.map(([itemId, item]) => ({
        id: ids.generateId(),
        projectId: grant.projectId,
        customerType: grant.customer.type,
        customerId: grant.customer.id,
        itemId,
        delta: item.quantity,
        description: `Included in product ${grant.productId ?? grant.product.displayName}`,
        purchaseId,
        createdAt: grant.now,
      })),
    );
  }
  return purchaseId;
}
