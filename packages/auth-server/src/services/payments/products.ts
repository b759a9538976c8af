/**
 * Which product a purchase is for (contract §3.6): a product id from the config, or (server access
 * only) an inline product in the request, with the reference's checks and their order.
 * @module
 */
import { type AccessType, knownErrors } from "@heritage/auth-protocol";
import { z } from "zod";
import { customerTypeSchema, type PaymentProduct } from "../projects/payments-config";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";

/** The wire shape of `product_inline` (snake_case, as the SDK sends it). */
export const inlineProductSchema = z.strictObject({
  display_name: z.string(),
  customer_type: customerTypeSchema,
  free_trial: z.unknown().optional(),
  server_only: z.boolean().default(true),
  stackable: z.boolean().default(false),
  prices: z.record(z.string(), z.record(z.string(), z.unknown())),
  included_items: z
    .record(
      z.string(),
      z.object({
        quantity: z.number().int().optional(),
        repeat: z.unknown().optional(),
        expires: z.enum(["never", "when-purchase-expires", "when-repeated"]).optional(),
      }),
    )
    .default({}),
  client_metadata: z.unknown().optional(),
  client_read_only_metadata: z.unknown().optional(),
  server_metadata: z.unknown().optional(),
});
export type InlineProduct = z.output<typeof inlineProductSchema>;

export function resolveProduct(
  project: LoadedProject,
  accessType: AccessType,
  productId: string | undefined,
  inline: InlineProduct | undefined,
): PaymentProduct {
  if (productId !== undefined && inline !== undefined) {
    throw plainErrors.productIdAndInline();
  }
  if (inline !== undefined && accessType === "client") {
    throw plainErrors.productInlineFromClient();
  }
  if (productId !== undefined) {
    const { products, items } = project.config.payments;
    const product = Object.hasOwn(products, productId) ? products[productId] : undefined;
    if (!product) {
      throw knownErrors.productDoesNotExist({
        product_id: productId,
        context: Object.hasOwn(items, productId) ? "item_exists" : null,
      });
    }
    if (product.serverOnly && accessType === "client") {
      throw knownErrors.productDoesNotExist({ product_id: productId, context: "server_only" });
    }
    return product;
  }
  if (inline === undefined) {
    throw plainErrors.productIdOrInline();
  }
  return {
    displayName: inline.display_name,
    customerType: inline.customer_type,
    serverOnly: inline.server_only,
    // As in the reference, an inline product is never stackable-checked (it has no id to own).
    stackable: false,
    prices: inline.prices,
    includedItems: Object.fromEntries(
      Object.entries(inline.included_items).map(([itemId, item]) => [
        itemId,
        { quantity: item.quantity ?? 0, expires: item.expires ?? "never" },
      ]),
    ),
  };
}
