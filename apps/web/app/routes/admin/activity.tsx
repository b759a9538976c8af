/** @module /admin/activity: the audit log (issue 29). */
import { ActivityScreen } from "../../components/admin/history/activity-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/activity";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.activity");
}

export default function AdminActivity() {
  return <ActivityScreen />;
}
