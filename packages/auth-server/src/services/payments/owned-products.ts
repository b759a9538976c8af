/**
 * The products a customer owns (contract §3.6, `GET /payments/products/{customer_type}/{customer_id}`),
 * in the reference's list shape: each product once with how many times it is owned, as it was when
 * granted, and the plans of its product line the customer could switch to. Every grant here is a
 * one-off purchase (there are no recurring subscriptions), so `type` is `one_time`.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq } from "drizzle-orm";
import { productPurchases } from "../../db/schema";
import { type PaymentProduct, paymentProductSchema } from "../projects/payments-config";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import type { Customer } from "./customers";

type WirePrice = Record<string, unknown>;

export interface WireProduct {
  display_name: string;
  customer_type: PaymentProduct["customerType"];
  stackable: boolean;
  server_only: boolean;
  included_items: Record<string, { quantity: number; expires: string }>;
  client_metadata: null;
  client_read_only_metadata: null;
  server_metadata: null;
  prices: Record<string, WirePrice>;
}

export interface OwnedProductView {
  id: string | null;
  quantity: number;
  product: WireProduct;
  type: "one_time";
  subscription: null;
  switch_options?: { product_id: string; product: WireProduct }[];
}

export interface OwnedProductsPage {
  items: OwnedProductView[];
  is_paginated: true;
  pagination: { next_cursor: string | null };
}

const currencyCode = /^[A-Z]{3}$/;

/** A config price as the wire has it: its amounts per currency, `interval` and `free_trial`. */
function wirePrice(price: unknown): WirePrice {
  const out: WirePrice = {};
  if (typeof price !== "object" || price === null) return out;
  for (const [key, value] of Object.entries(price)) {
    if (currencyCode.test(key) && value !== undefined) out[key] = value;
  }
  const { interval, freeTrial } = price as { interval?: unknown; freeTrial?: unknown };
  if (interval !== undefined) out.interval = interval;
  if (freeTrial !== undefined) out.free_trial = freeTrial;
  return out;
}

function configPrices(product: PaymentProduct): Record<string, unknown> {
  const { prices } = product;
  return typeof prices === "object" && prices !== null ? (prices as Record<string, unknown>) : {};
}

/**
 * The product as the wire's inline product (the config keeps no product metadata: null), with the
 * given prices (all of its own by default).
 */
function toWireProduct(
  product: PaymentProduct,
  prices: [string, unknown][] = Object.entries(configPrices(product)),
): WireProduct {
  return {
    display_name: product.displayName || "Product",
    customer_type: product.customerType,
    stackable: product.stackable,
    server_only: product.serverOnly,
    included_items: product.includedItems,
    client_metadata: null,
    client_read_only_metadata: null,
    server_metadata: null,
    prices: Object.fromEntries(prices.map(([id, price]) => [id, wirePrice(price)])),
  };
}

function hasInterval(price: unknown): boolean {
  return typeof price === "object" && price !== null && "interval" in price;
}

/**
 * The plans of each product line a customer of this type may switch between: products of a line
 * with a recurring price, no add-ons, only their recurring prices (clients do not see server-only
 * products).
 */
function switchOptionsByLine(
  project: LoadedProject,
  customer: Customer,
  accessType: AccessType,
): Map<string, { product_id: string; product: WireProduct }[]> {
  const byLine = new Map<string, { product_id: string; product: WireProduct }[]>();
  for (const [productId, product] of Object.entries(project.config.payments.products)) {
    if (product.customerType !== customer.type || !product.productLineId) continue;
    if (accessType === "client" && product.serverOnly) continue;
    if (product.isAddOnTo && Object.keys(product.isAddOnTo).length > 0) continue;
    const recurring = Object.entries(configPrices(product)).filter(([, price]) =>
      hasInterval(price),
    );
    if (recurring.length === 0) continue;
    const option = { product_id: productId, product: toWireProduct(product, recurring) };
    byLine.set(product.productLineId, [...(byLine.get(product.productLineId) ?? []), option]);
  }
  return byLine;
}

/**
 * One page of the customer's products, ordered by product id (inline products, which have none,
 * last, each on its own). `cursor` is an entry's id from an earlier page's `next_cursor`.
 */
export async function listOwnedProducts(
  db: Database,
  project: LoadedProject,
  customer: Customer,
  accessType: AccessType,
  page: { cursor: string | undefined; limit: number },
): Promise<OwnedProductsPage> {
  const rows = await db
    .select({
      id: productPurchases.id,
      productId: productPurchases.productId,
      product: productPurchases.product,
    })
    .from(productPurchases)
    .where(
      and(
        eq(productPurchases.projectId, project.id),
        eq(productPurchases.customerType, customer.type),
        eq(productPurchases.customerId, customer.id),
      ),
    )
    .orderBy(asc(productPurchases.createdAt), asc(productPurchases.id));

  // A product bought several times is one entry, described as it was at its latest grant.
  const entries = new Map<
    string,
    { id: string | null; quantity: number; product: PaymentProduct }
  >();
  for (const row of rows) {
    const product = paymentProductSchema.parse(row.product);
    const key = row.productId ?? `inline:${row.id}`;
    const quantity = (entries.get(key)?.quantity ?? 0) + 1;
    entries.set(key, { id: row.productId, quantity, product });
  }
  const options = switchOptionsByLine(project, customer, accessType);
  const listed = [...entries.entries()]
    .filter(([, entry]) => accessType !== "client" || !entry.product.serverOnly)
    .sort(([a, x], [b, y]) => {
      if ((x.id === null) !== (y.id === null)) return x.id === null ? 1 : -1;
      return a < b ? -1 : a > b ? 1 : 0;
    });

  let start = 0;
  if (page.cursor !== undefined) {
    start = listed.findIndex(([key]) => key === page.cursor);
    if (start === -1) throw plainErrors.invalidProductsCursor();
  }
  const slice = listed.slice(start, start + page.limit);
  const next = listed[start + page.limit];
  return {
    items: slice.map(([, entry]) => {
      const line = entry.product.productLineId;
      const view: OwnedProductView = {
        id: entry.id,
        quantity: entry.quantity,
        product: toWireProduct(entry.product),
        type: "one_time",
        subscription: null,
      };
      if (line) {
        view.switch_options = (options.get(line) ?? []).filter(
          (option) => option.product_id !== entry.id,
        );
      }
      return view;
    }),
    is_paginated: true,
    pagination: { next_cursor: next ? next[0] : null },
  };
}
