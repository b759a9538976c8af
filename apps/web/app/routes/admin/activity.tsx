/** @module /admin/activity: the audit log (issue 29). */
import { ActivityScreen } from "../../components/admin/history/activity-screen";

export function meta() {
  return [{ title: "Activity | Heritage Admin" }];
}

export default function AdminActivity() {
  return <ActivityScreen />;
}
