/** @module /admin/projects: project management (site spec, section 2). */
import { useLoaderData } from "react-router";
import { ProjectsScreen } from "../../components/admin/projects/projects-screen";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/projects";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.projects");
}

/** Where uploads are served from decides what the delete dialog can promise (issue 33, item 8). */
export function loader({ context }: Route.LoaderArgs) {
  return { mediaInPublicBucket: context.mediaInPublicBucket === true };
}

export default function AdminProjects() {
  const { mediaInPublicBucket } = useLoaderData<typeof loader>();
  return <ProjectsScreen mediaInPublicBucket={mediaInPublicBucket} />;
}
