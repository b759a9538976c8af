/** @module /admin/trash: deleted content, restorable (issue 29). */
import { TrashScreen } from "../../components/admin/history/trash-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/trash";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.trash");
}

export default function AdminTrash() {
  return <TrashScreen />;
}
