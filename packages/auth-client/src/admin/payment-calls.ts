/**
 * @module
 * Payments (contract §3.6; spec §7 "GET /payments/items", "create-purchase-url", "update-quantity"):
 * items a customer holds and checkout URLs for products. A customer is a user, a team or a custom
 * id of the app's own. Client access reads its own user's items (and those of teams it
 * administers) and makes checkout URLs for them; server access does so for any customer and also
 * changes quantities. The same calls hang on user objects and team handles as `getItem` and
 * `createCheckoutUrl` (see `attachCustomerCalls`).
 */
import { isKnownError } from "@heritage/auth-protocol";
import { z } from "zod";
import { type AppCore, parseResponse } from "../calls-core";

export type CustomerRef = { userId: string } | { teamId: string } | { customCustomerId: string };

export interface Item {
  id: string;
  displayName: string;
  /** May be negative after decreases that were allowed to overdraw. */
  quantity: number;
  /** `max(0, quantity)`: what is left to spend. */
  nonNegativeQuantity: number;
}

/** An item as server access sees it: it can also change the quantity. */
export interface ServerItem extends Item {
  /** Adds `delta` (> 0 expected). */
  increaseQuantity(delta: number): Promise<void>;
  /** Subtracts `delta`, even below zero (overdraw allowed). */
  decreaseQuantity(delta: number): Promise<void>;
  /** Subtracts `delta` only if the quantity stays at zero or above; false when it would not. */
  tryDecreaseQuantity(delta: number): Promise<boolean>;
}

/** A product defined in the request instead of the project config (server access only). */
export interface InlineProduct {
  display_name: string;
  customer_type: "user" | "team" | "custom";
  server_only?: boolean;
  stackable?: boolean;
  prices: Record<string, Record<string, unknown>>;
  included_items?: Record<string, { quantity?: number; expires?: string }>;
}

export type CheckoutOptions = ({ productId: string } | { product: InlineProduct }) & {
  /** Where the checkout returns to; must be a trusted domain of the project. */
  returnUrl?: string;
};

export interface ItemQuantityChange {
  /** Positive adds, negative subtracts (integer). */
  delta: number;
  /** Allow the result to drop below zero; default false (ITEM_QUANTITY_INSUFFICIENT_AMOUNT). */
  allowNegative?: boolean;
  /** The change stops counting at this moment. */
  expiresAt?: Date;
  description?: string;
}

export interface PaymentCalls<I extends Item = Item> {
  /** `GET /payments/items/{type}/{id}/{itemId}`. */
  getItem(options: CustomerRef & { itemId: string }): Promise<I>;
  /** `POST /payments/purchases/create-purchase-url`: the URL of the checkout page. */
  createCheckoutUrl(customer: CustomerRef, options: CheckoutOptions): Promise<string>;
}

export interface ServerPaymentCalls extends PaymentCalls<ServerItem> {
  /** `POST /payments/items/{type}/{id}/{itemId}/update-quantity?allow_negative=`. */
  updateItemQuantity(
    options: CustomerRef & { itemId: string },
    change: ItemQuantityChange,
  ): Promise<void>;
}

/** What user objects and team handles carry (spec §7, the SDK's customer methods). */
export interface CustomerCalls<I extends Item = Item> {
  getItem(itemId: string): Promise<I>;
  createCheckoutUrl(options: CheckoutOptions): Promise<string>;
}

const itemSchema = z.object({ id: z.string(), display_name: z.string(), quantity: z.number() });
const urlSchema = z.object({ url: z.string() });

function wireCustomer(ref: CustomerRef): { type: "user" | "team" | "custom"; id: string } {
  if ("userId" in ref) return { type: "user", id: ref.userId };
  if ("teamId" in ref) return { type: "team", id: ref.teamId };
  if ("customCustomerId" in ref) return { type: "custom", id: ref.customCustomerId };
  // Spec §5: an item call names its customer; untyped callers get a clear error, not a bad URL.
  throw new TypeError("A payments call needs a userId, teamId or customCustomerId");
}

function itemPath(options: CustomerRef & { itemId: string }): string {
  const { type, id } = wireCustomer(options);
  return `/payments/items/${type}/${encodeURIComponent(id)}/${encodeURIComponent(options.itemId)}`;
}

function createCalls(core: AppCore, withSession: boolean) {
  const session = withSession ? core.session : null;
  return {
    async readItem(options: CustomerRef & { itemId: string }): Promise<Item> {
      const wire = await parseResponse(await core.send(itemPath(options), { session }), itemSchema);
      return {
        id: wire.id,
        displayName: wire.display_name,
        quantity: wire.quantity,
        nonNegativeQuantity: Math.max(0, wire.quantity),
      };
    },
    async createCheckoutUrl(customer: CustomerRef, options: CheckoutOptions): Promise<string> {
      const { type, id } = wireCustomer(customer);
      const body = {
        customer_type: type,
        customer_id: id,
        ...("productId" in options
          ? { product_id: options.productId }
          : { product_inline: options.product }),
        ...(options.returnUrl === undefined ? {} : { return_url: options.returnUrl }),
      };
      const response = await core.send("/payments/purchases/create-purchase-url", {
        method: "POST",
        body,
        session,
      });
      return (await parseResponse(response, urlSchema)).url;
    },
  };
}

/** Client access: acts as the signed-in user. */
export function createClientPaymentCalls(core: AppCore): PaymentCalls {
  const calls = createCalls(core, true);
  return { getItem: calls.readItem, createCheckoutUrl: calls.createCheckoutUrl };
}

/** Server (and admin) access: any customer, and quantity changes. */
export function createServerPaymentCalls(core: AppCore): ServerPaymentCalls {
  const calls = createCalls(core, false);
  async function updateItemQuantity(
    options: CustomerRef & { itemId: string },
    change: ItemQuantityChange,
  ): Promise<void> {
    await core.send(`${itemPath(options)}/update-quantity`, {
      method: "POST",
      query: { allow_negative: change.allowNegative ? "true" : "false" },
      body: {
        delta: change.delta,
        ...(change.expiresAt ? { expires_at: change.expiresAt.toISOString() } : {}),
        ...(change.description === undefined ? {} : { description: change.description }),
      },
      session: null,
    });
  }
  return {
    async getItem(options) {
      const item = await calls.readItem(options);
      const ref = { ...options };
      return {
        ...item,
        increaseQuantity: (delta) => updateItemQuantity(ref, { delta }),
        decreaseQuantity: (delta) =>
          updateItemQuantity(ref, { delta: -delta, allowNegative: true }),
        async tryDecreaseQuantity(delta) {
          try {
            await updateItemQuantity(ref, { delta: -delta });
            return true;
          } catch (error) {
            if (isKnownError(error, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT")) return false;
            throw error;
          }
        },
      };
    },
    createCheckoutUrl: calls.createCheckoutUrl,
    updateItemQuantity,
  };
}

/** The customer calls of one user or team. */
export function customerCalls<I extends Item>(
  payments: PaymentCalls<I>,
  ref: CustomerRef,
): CustomerCalls<I> {
  return {
    getItem: (itemId) => payments.getItem({ ...ref, itemId }),
    createCheckoutUrl: (options) => payments.createCheckoutUrl(ref, options),
  };
}

/**
 * Adds `getItem` and `createCheckoutUrl` to a user object or team handle as non-enumerable
 * properties, so the object still spreads, serialises and compares as plain data.
 */
export function attachCustomerCalls<T extends object, I extends Item>(
  target: T,
  payments: PaymentCalls<I>,
  ref: CustomerRef,
): T & CustomerCalls<I> {
  const calls = customerCalls(payments, ref);
  Object.defineProperties(target, {
    getItem: { value: calls.getItem, enumerable: false },
    createCheckoutUrl: { value: calls.createCheckoutUrl, enumerable: false },
  });
  return target as T & CustomerCalls<I>;
}
