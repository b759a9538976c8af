/** @module /admin/scheduled: publishing at a given time, what waits and what ran (issue 34). */

import { SchedulesScreen } from "../../components/admin/schedules/schedules-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/scheduled";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.scheduled");
}

export default function AdminScheduled() {
  return <SchedulesScreen />;
}
