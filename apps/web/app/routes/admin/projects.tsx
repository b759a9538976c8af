/** @module /admin/projects: project management (site spec, section 2). */
import { ProjectsScreen } from "../../components/admin/projects/projects-screen";

export function meta() {
  return [{ title: "Projects | Heritage Admin" }];
}

export default function AdminProjects() {
  return <ProjectsScreen />;
}
