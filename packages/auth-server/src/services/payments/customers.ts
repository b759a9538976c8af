/**
 * Who a payments customer is and who may act for it (contract §3.6). Users and teams must exist in
 * the project; custom customers are free-form ids of the app's own (nothing to look up).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import type { CustomerType } from "../projects/payments-config";
import type { LoadedProject } from "../projects/projects";
import type { LoadedUser } from "../records/user-records";
import { findUser } from "../records/user-records";
import type { StatusError } from "../shared/status-error";
import { requireTeamPermission } from "../teams/permissions";
import { findTeam } from "../teams/teams";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Customer {
  type: CustomerType;
  id: string;
}

/** USER_NOT_FOUND or TEAM_NOT_FOUND for a user or team that is not in the project. */
export async function ensureCustomerExists(
  db: Database,
  projectId: string,
  customer: Customer,
): Promise<void> {
  if (customer.type === "user") {
    // A non-UUID would be a database error on the uuid column, not a missing user.
    if (!uuidPattern.test(customer.id) || !(await findUser(db, projectId, customer.id))) {
      throw knownErrors.userNotFound();
    }
  } else if (customer.type === "team") {
    if (!uuidPattern.test(customer.id) || !(await findTeam(db, projectId, customer.id))) {
      throw knownErrors.teamNotFound({ team_id: customer.id });
    }
  }
}

/**
 * Client access may only act for its own user, or for a team where it holds `team_admin` (as the
 * reference checks); custom customers are server-side only.
 */
export async function ensureClientCanAccessCustomer(
  db: Database,
  project: LoadedProject,
  user: LoadedUser | null,
  customer: Customer,
  forbidden: () => StatusError,
): Promise<void> {
  if (!user) throw knownErrors.userAuthenticationRequired();
  if (customer.type === "custom") throw forbidden();
  if (customer.type === "user") {
    if (customer.id !== user.row.id) throw forbidden();
    return;
  }
  if (!uuidPattern.test(customer.id)) throw knownErrors.teamNotFound({ team_id: customer.id });
  await requireTeamPermission(db, project, {
    teamId: customer.id,
    userId: user.row.id,
    permissionId: "team_admin",
  });
}
