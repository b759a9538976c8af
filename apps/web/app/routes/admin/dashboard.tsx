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
import { useAdminI18n } from "../../components/admin/shell/admin-language";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.dashboard");
}

const cards = [
  {
    to: "/admin/projects",
    title: "dashboard.projects",
    text: "dashboard.projectsText",
    Icon: FolderKanban,
  },
  {
    to: "/admin/faq",
    title: "dashboard.faq",
    text: "dashboard.faqText",
    Icon: HelpCircle,
  },
  {
    to: "/admin/contact-submissions",
    title: "dashboard.messages",
    text: "dashboard.messagesText",
    Icon: Mail,
  },
  {
    to: "/admin/site-content",
    title: "dashboard.siteContent",
    text: "dashboard.siteContentText",
    Icon: FileText,
  },
  {
    to: "/admin/seo",
    title: "dashboard.seo",
    text: "dashboard.seoText",
    Icon: Search,
  },
  { to: "/admin/users", title: "dashboard.users", text: "dashboard.usersText", Icon: Users },
] as const;

export default function Dashboard() {
  const user = useAdminUser();
  const { t } = useAdminI18n();
  const [beforeEmail, afterEmail = ""] = t("dashboard.loggedInAs", { email: "\u0000" }).split(
    "\u0000",
  );
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold">{t("dashboard.welcome")}</h1>
        <p className="text-(--color-muted)">
          {beforeEmail}
          <span className="font-semibold text-(--color-ink)">{user.primaryEmail}</span>
          {afterEmail}
        </p>
      </div>
      <ul aria-label={t("dashboard.screens")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-xl border border-(--color-heritage-100) bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex items-center gap-2 text-lg font-semibold text-(--color-heritage-900)">
                <Icon aria-hidden="true" className="size-5 text-(--color-terracotta-600)" />
                {t(title)}
              </span>
              <span className="text-sm text-(--color-muted)">{t(text)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <TranslationTodo />
      <GoLiveChecklist />
    </div>
  );
}
