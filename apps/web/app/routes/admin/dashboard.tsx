/**
 * @module
 * /admin: welcome text, "Logged in as {email}" and a card for each admin screen (site spec, section 2),
 * then "What needs translating" (issue 34, item 2) and the "Before you go live" checklist of
 * placeholders still in place (issue 19, defect 10).
 */
import { FileText, FolderKanban, HelpCircle, Mail, Search, Users } from "lucide-react";
import { Link } from "react-router";
import { useAdminUser } from "../../components/admin/auth/use-admin-user";
import { GoLiveChecklist } from "../../components/admin/dashboard/go-live-checklist";
import { TranslationTodo } from "../../components/admin/dashboard/translation-todo";

export function meta() {
  return [{ title: "Dashboard | Heritage Admin" }];
}

const cards = [
  {
    to: "/admin/projects",
    title: "Projects",
    text: "Add, edit and remove the projects shown on the site.",
    Icon: FolderKanban,
  },
  {
    to: "/admin/faq",
    title: "FAQ",
    text: "Manage the frequently asked questions.",
    Icon: HelpCircle,
  },
  {
    to: "/admin/contact-submissions",
    title: "Messages",
    text: "Read and answer what visitors sent through the contact form.",
    Icon: Mail,
  },
  {
    to: "/admin/site-content",
    title: "Site Content",
    text: "Edit the hero, footer, about, contact and legal pages.",
    Icon: FileText,
  },
  {
    to: "/admin/seo",
    title: "SEO",
    text: "Global search engine and sharing settings.",
    Icon: Search,
  },
  { to: "/admin/users", title: "Users", text: "Create and manage admin users.", Icon: Users },
] as const;

export default function Dashboard() {
  const user = useAdminUser();
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold">Welcome to the admin area</h1>
        <p className="text-(--color-muted)">
          Logged in as <span className="font-semibold text-(--color-ink)">{user.primaryEmail}</span>
        </p>
      </div>
      <ul aria-label="Admin screens" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-xl border border-(--color-heritage-100) bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex items-center gap-2 text-lg font-semibold text-(--color-heritage-900)">
                <Icon aria-hidden="true" className="size-5 text-(--color-terracotta-600)" />
                {title}
              </span>
              <span className="text-sm text-(--color-muted)">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <TranslationTodo />
      <GoLiveChecklist />
    </div>
  );
}
