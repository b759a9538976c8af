/** @module /admin/trash: deleted content, restorable (issue 29). */
import { TrashScreen } from "../../components/admin/history/trash-screen";

export function meta() {
  return [{ title: "Trash | Heritage Admin" }];
}

export default function AdminTrash() {
  return <TrashScreen />;
}
