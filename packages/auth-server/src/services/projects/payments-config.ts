/**
 * The `payments` key of a project's config (contract §3.6, reference layout
 * `payments.items/products/productLines`). Kept in its own module so project-config.ts only names it.
 * A malformed payments section falls back to "no payments" instead of resetting the whole project
 * config (parseProjectConfig drops everything on any parse failure).
 * @module
 */
import { z } from "zod";

export const customerTypes = ["user", "team", "custom"] as const;
export type CustomerType = (typeof customerTypes)[number];
export const customerTypeSchema = z.enum(customerTypes);

export const paymentItemSchema = z.object({
  displayName: z.string().default(""),
  customerType: customerTypeSchema,
});

/** An item a product grants; only one-off grants are modelled (no `repeat` schedules yet). */
export const includedItemSchema = z.object({
  quantity: z.number().int().default(0),
  /** `never` or `when-purchase-expires` keep the items; other values are stored but not acted on. */
  expires: z.string().default("never"),
});

export const paymentProductSchema = z.object({
  displayName: z.string().default(""),
  customerType: customerTypeSchema,
  productLineId: z.string().optional(),
  /** Only server or admin access may buy it (clients get PRODUCT_DOES_NOT_EXIST, `server_only`). */
  serverOnly: z.boolean().default(false),
  /** Whether a customer may own it more than once (else PRODUCT_ALREADY_GRANTED). */
  stackable: z.boolean().default(false),
  /** `include-by-default` or price id → prices; passed through, not interpreted by test mode. */
  prices: z.unknown().optional(),
  includedItems: z.record(z.string(), includedItemSchema).default({}),
  /** The products (ids) this one adds to, e.g. extra seats on a plan; add-ons are no plan to switch to. */
  isAddOnTo: z.union([z.literal(false), z.record(z.string(), z.boolean())]).optional(),
});
export type PaymentProduct = z.output<typeof paymentProductSchema>;

const paymentsDefaults = {
  testMode: true,
  blockNewPurchases: false,
  items: {},
  products: {},
  productLines: {},
};

export const paymentsConfigSchema = z
  .object({
    /**
     * True: purchase URLs lead to the built-in test-mode checkout (no money moves). False: the
     * payment provider (Stripe) takes the payment, which needs the server's Stripe settings.
     */
    testMode: z.boolean().default(true),
    /** NEW_PURCHASES_BLOCKED for every new purchase URL. */
    blockNewPurchases: z.boolean().default(false),
    items: z.record(z.string(), paymentItemSchema).default({}),
    products: z.record(z.string(), paymentProductSchema).default({}),
    productLines: z
      .record(
        z.string(),
        z.object({
          displayName: z.string().default(""),
          customerType: customerTypeSchema.optional(),
        }),
      )
      .default({}),
  })
  .prefault({})
  .catch(() => structuredClone(paymentsDefaults));
export type PaymentsConfig = z.output<typeof paymentsConfigSchema>;
