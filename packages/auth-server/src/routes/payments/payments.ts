/**
 * `/payments/items/...`, `/payments/products/...` and `/payments/purchases/create-purchase-url`
 * (contract §3.6). Reading an item or the products owned is open to client access for its own user
 * or a team it administers; changing quantities is server or admin only.
 * @module
 */
import { type AccessType, knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { checkoutPageUrl, checkoutProviderFor } from "../../services/payments/checkout-provider";
import {
  type Customer,
  ensureClientCanAccessCustomer,
  ensureCustomerExists,
} from "../../services/payments/customers";
import { readItem, updateItemQuantity } from "../../services/payments/items";
import { listOwnedProducts } from "../../services/payments/owned-products";
import { inlineProductSchema, resolveProduct } from "../../services/payments/products";
import { createPurchaseCode, ensureProductNotOwned } from "../../services/payments/purchases";
import { payablePrices, stripeCurrencyCodes } from "../../services/payments/stripe-prices";
import { customerTypeSchema } from "../../services/projects/payments-config";
import { isTrustedRedirectUrl } from "../../services/projects/project-config";
import { plainErrors } from "../../services/shared/plain-errors";
import type { StatusError } from "../../services/shared/status-error";

const serverAccess: readonly AccessType[] = ["server", "admin"];

const itemParams = z.strictObject({
  customer_type: customerTypeSchema,
  customer_id: z.string().min(1),
  item_id: z.string().min(1),
});
const customerParams = z.strictObject({
  customer_type: customerTypeSchema,
  customer_id: z.string().min(1),
});
/** As the reference: ten products a page unless `limit` (1 to 100) says otherwise. */
const productsQuery = z.object({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const updateQuery = z.object({ allow_negative: z.enum(["true", "false"]) });
const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date");
const updateBody = z.strictObject({
  delta: z.number().int(),
  expires_at: isoDate.optional(),
  description: z.string().optional(),
});

const purchaseBody = z
  .strictObject({
    customer_type: customerTypeSchema,
    customer_id: z.string().min(1),
    product_id: z.string().min(1).optional(),
    product_inline: inlineProductSchema.optional(),
    // Names from before the reference renamed offers to products (spec §7 still lists them).
    offer_id: z.string().min(1).optional(),
    offer_inline: inlineProductSchema.optional(),
    return_url: z.url().optional(),
  })
  .transform(({ offer_id, offer_inline, ...rest }) => ({
    ...rest,
    product_id: rest.product_id ?? offer_id,
    product_inline: rest.product_inline ?? offer_inline,
  }));

function customerOf(input: { customer_type: Customer["type"]; customer_id: string }): Customer {
  return { type: input.customer_type, id: input.customer_id };
}

/** Client access acts only for its own user or a team it administers; server and admin for anyone. */
async function ensureClientActsForItself(
  deps: RouteDeps,
  auth: RequestAuth,
  customer: Customer,
  forbidden: () => StatusError,
): Promise<void> {
  if (auth.accessType !== "client") return;
  await ensureClientCanAccessCustomer(deps.db, auth.project, auth.user, customer, forbidden);
}

export function createPaymentRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/items/:customer_type/:customer_id/:item_id",
    describeRoute({
      summary: "Read a customer's item quantity",
      callers: ["client", "server", "admin"],
      params: itemParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: itemParams });
      const customer = customerOf(params);
      await ensureClientActsForItself(deps, auth, customer, plainErrors.clientItemsOfOthers);
      return sendJson(c, await readItem(deps, auth.project, customer, params.item_id));
    },
  );

  app.get(
    "/products/:customer_type/:customer_id",
    describeRoute({
      summary: "List the products a customer owns",
      callers: ["client", "server", "admin"],
      params: customerParams,
      query: productsQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, query } = validateRequest(c, {
        params: customerParams,
        query: productsQuery,
      });
      const customer = customerOf(params);
      await ensureClientActsForItself(deps, auth, customer, plainErrors.clientProductsOfOthers);
      await ensureCustomerExists(deps.db, auth.project.id, customer);
      return sendJson(
        c,
        await listOwnedProducts(deps.db, auth.project, customer, auth.accessType, {
          cursor: query.cursor,
          limit: query.limit ?? 10,
        }),
      );
    },
  );

  app.post(
    "/items/:customer_type/:customer_id/:item_id/update-quantity",
    describeRoute({
      summary: "Change a customer's item quantity",
      callers: ["server", "admin"],
      params: itemParams,
      query: updateQuery,
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const input = validateRequest(c, {
        params: itemParams,
        query: updateQuery,
        body: updateBody,
      });
      await updateItemQuantity(deps, auth.project, customerOf(input.params), input.params.item_id, {
        delta: input.body.delta,
        allowNegative: input.query.allow_negative === "true",
        expiresAt: input.body.expires_at ? new Date(input.body.expires_at) : undefined,
        description: input.body.description,
      });
      return sendJson(c, {});
    },
  );

  app.post(
    "/purchases/create-purchase-url",
    describeRoute({
      summary: "Create a purchase URL for a product",
      callers: ["client", "server", "admin"],
      body: purchaseBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: purchaseBody });
      const { project } = auth;
      if (project.config.payments.blockNewPurchases) throw knownErrors.newPurchasesBlocked();
      const customer = customerOf(body);
      await ensureClientActsForItself(deps, auth, customer, plainErrors.clientPurchaseUrlsOfOthers);
      const provider = checkoutProviderFor(project, deps.config);
      const product = resolveProduct(
        project,
        auth.accessType,
        body.product_id,
        body.product_inline,
      );
      if (product.customerType !== customer.type) {
        throw knownErrors.productCustomerTypeDoesNotMatch({
          product_id: body.product_id ?? null,
          customer_id: customer.id,
          product_customer_type: product.customerType,
          actual_customer_type: customer.type,
        });
      }
      await ensureCustomerExists(deps.db, project.id, customer);
      await ensureProductNotOwned(deps.db, project.id, customer, body.product_id, product);
      // Checked before anything is stored, so a rejected URL leaves no pending checkout behind.
      if (body.return_url !== undefined && !isTrustedRedirectUrl(project.config, body.return_url)) {
        throw knownErrors.redirectUrlNotWhitelisted();
      }
      if (provider === "stripe" && payablePrices(product).length === 0) {
        throw plainErrors.productWithoutStripePrice(stripeCurrencyCodes);
      }
      const fullCode = await createPurchaseCode(deps, project, {
        customer,
        productId: body.product_id,
        product,
        returnUrl: body.return_url,
      });
      return sendJson(c, {
        url: checkoutPageUrl(provider, `${deps.baseUrl}/api/v1`, fullCode, body.return_url),
      });
    },
  );

  return app;
}
