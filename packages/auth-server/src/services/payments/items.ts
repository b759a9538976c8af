/**
 * Item quantities (contract §3.6): an item is defined in the project config for one customer type;
 * a customer's quantity is the sum of its unexpired ledger rows (`item_quantity_changes`).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull, or, sql, sum } from "drizzle-orm";
import { itemQuantityChanges } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import type { Customer } from "./customers";
import { ensureCustomerExists } from "./customers";

type ItemDeps = Pick<AuthDeps, "db" | "clock" | "ids">;

export interface ItemView {
  id: string;
  display_name: string;
  quantity: number;
}

/** The item's config; ITEM_NOT_FOUND or ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH (reference order). */
export function requireItem(project: LoadedProject, itemId: string, customer: Customer) {
  const item = Object.hasOwn(project.config.payments.items, itemId)
    ? project.config.payments.items[itemId]
    : undefined;
  if (!item) throw knownErrors.itemNotFound({ item_id: itemId });
  if (item.customerType !== customer.type) {
    throw knownErrors.itemCustomerTypeDoesNotMatch({
      item_id: itemId,
      customer_id: customer.id,
      item_customer_type: item.customerType,
      actual_customer_type: customer.type,
    });
  }
  return item;
}

/**
 * What every customer of a type holds without buying: the items of products priced
 * `include-by-default` (the reference's free plans, e.g. the internal project's `dashboard_admins`).
 */
export function defaultItemQuantity(
  project: LoadedProject,
  customer: Customer,
  itemId: string,
): number {
  let total = 0;
  for (const product of Object.values(project.config.payments.products)) {
    if (product.prices !== "include-by-default" || product.customerType !== customer.type) continue;
    total += product.includedItems[itemId]?.quantity ?? 0;
  }
  return total;
}

/** The customer's current quantity of an item (negative when allowed to go below zero). */
export async function getItemQuantity(
  db: Database,
  now: Date,
  project: LoadedProject,
  customer: Customer,
  itemId: string,
): Promise<number> {
  const projectId = project.id;
  const [row] = await db
    .select({ total: sum(itemQuantityChanges.delta) })
    .from(itemQuantityChanges)
    .where(
      and(
        eq(itemQuantityChanges.projectId, projectId),
        eq(itemQuantityChanges.customerType, customer.type),
        eq(itemQuantityChanges.customerId, customer.id),
        eq(itemQuantityChanges.itemId, itemId),
        or(isNull(itemQuantityChanges.expiresAt), gt(itemQuantityChanges.expiresAt, now)),
      ),
    );
  return Number(row?.total ?? 0) + defaultItemQuantity(project, customer, itemId);
}

export async function readItem(
  deps: ItemDeps,
  project: LoadedProject,
  customer: Customer,
  itemId: string,
): Promise<ItemView> {
  const item = requireItem(project, itemId, customer);
  await ensureCustomerExists(deps.db, project.id, customer);
  const quantity = await getItemQuantity(deps.db, deps.clock(), project, customer, itemId);
  return { id: itemId, display_name: item.displayName, quantity };
}

/**
 * Serialises concurrent changes of one customer's item, so two decrements cannot both pass the
 * "would go negative" check against the same balance.
 */
export async function lockCustomerItem(
  tx: Database,
  projectId: string,
  customer: Customer,
  itemId: string,
): Promise<void> {
  const key = JSON.stringify([projectId, customer.type, customer.id, itemId]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export interface QuantityChange {
  delta: number;
  allowNegative: boolean;
  expiresAt?: Date;
  description?: string;
}

/** Adds a ledger row; ITEM_QUANTITY_INSUFFICIENT_AMOUNT when the total would drop below zero. */
export async function updateItemQuantity(
  deps: ItemDeps,
  project: LoadedProject,
  customer: Customer,
  itemId: string,
  change: QuantityChange,
): Promise<void> {
  requireItem(project, itemId, customer);
  await ensureCustomerExists(deps.db, project.id, customer);
  await deps.db.transaction(async (tx) => {
    await lockCustomerItem(tx, project.id, customer, itemId);
    const now = deps.clock();
    const current = await getItemQuantity(tx, now, project, customer, itemId);
    if (!change.allowNegative && current + change.delta < 0) {
      throw knownErrors.itemQuantityInsufficientAmount({
        item_id: itemId,
        customer_id: customer.id,
        quantity: change.delta,
      });
    }
    await tx.insert(itemQuantityChanges).values({
      id: deps.ids.generateId(),
      projectId: project.id,
      customerType: customer.type,
      customerId: customer.id,
      itemId,
      delta: change.delta,
      description: change.description ?? null,
      expiresAt: change.expiresAt ?? null,
      createdAt: now,
    });
  });
}
