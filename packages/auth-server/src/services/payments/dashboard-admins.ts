/**
 * The internal project's seat limit (contract §2.9, §5.2): a team of `internal` administers
 * projects, and accepting an invitation to it needs a free `dashboard_admins` seat, i.e. members + 1
 * must not exceed the team's quantity of that item (one on the Free plan each new team starts on:
 * product-grants/dashboard-plans.ts). No limit when the operator turned it off
 * (`AUTH_DASHBOARD_SEAT_LIMITS=false`) or the internal project's config defines no
 * `dashboard_admins` item (a project made before the plans; the reference instead fails with
 * ITEM_NOT_FOUND, which would close those teams to invitations).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, count, eq } from "drizzle-orm";
import { teamMembers } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { internalProjectId, type LoadedProject } from "../projects/projects";
import { getItemQuantity } from "./items";

export const dashboardAdminsItemId = "dashboard_admins";

export async function assertDashboardAdminSeat(
  deps: Pick<AuthDeps, "db" | "clock" | "config">,
  project: LoadedProject,
  teamId: string,
): Promise<void> {
  if (project.id !== internalProjectId || !deps.config.AUTH_DASHBOARD_SEAT_LIMITS) return;
  if (!Object.hasOwn(project.config.payments.items, dashboardAdminsItemId)) return;
  const [row] = await deps.db
    .select({ members: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, project.id), eq(teamMembers.teamId, teamId)));
  const seats = await getItemQuantity(
    deps.db,
    deps.clock(),
    project,
    { type: "team", id: teamId },
    dashboardAdminsItemId,
  );
  if ((row?.members ?? 0) + 1 > seats) {
    throw knownErrors.itemQuantityInsufficientAmount({
      item_id: dashboardAdminsItemId,
      customer_id: teamId,
      quantity: -1,
    });
  }
}
