/**
 * @module
 * /login (site spec, section 2): email and password sign-in; "Processing authentication..."
 * while the auth state loads; a signed-in user goes on to /admin (or to the admin page the guard
 * sent them away from). On first run, while the site's project has no user, it offers "Create
 * the first admin account" instead (checked again by the action).
 */
import { useAuth } from "@heritage/auth-react";
import { useEffect } from "react";
import {
  data,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
} from "react-router";
import { AuthLoading } from "../../components/admin/auth/admin-guard";
import {
  type FirstAdminActionData,
  FirstAdminForm,
} from "../../components/admin/auth/first-admin-form";
import { readReturnPath } from "../../components/admin/auth/return-to";
import { SignInForm } from "../../components/admin/auth/sign-in-form";
import { SignInLanguageLinks } from "../../components/admin/auth/sign-in-language-links";
import { signInStrings } from "../../i18n/sign-in-strings";
import { useLanguage } from "../../lib/i18n";
import { languageFromPath } from "../../lib/language";
import { adminFailureMessage, keepFormOnFailure } from "../../lib/server-action-failure";
import type { Route } from "./+types/login";
import { createFirstAdmin, hasNoUserYet } from "./login.server";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: signInStrings[languageFromPath(location.pathname)].loginTitle }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return data({ needsFirstAdmin: await hasNoUserYet(context) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await createFirstAdmin(request, context);
  return data(result, { status: result.ok ? 200 : 400 });
}

/** Creating the first admin keeps the form and its input when the server is out of reach. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormOnFailure(
    () => serverAction(),
    (failure): FirstAdminActionData => ({ ok: false, message: adminFailureMessage(failure) }),
  );
}

/** The first-admin form signs in after its action: the page must not swap forms meanwhile. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export default function Login() {
  const { needsFirstAdmin } = useLoaderData<typeof loader>();
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = readReturnPath(location);
  const language = useLanguage();
  const strings = signInStrings[language];

  useEffect(() => {
    if (status === "signed-in") void navigate(returnPath, { replace: true });
  }, [status, returnPath, navigate]);

  if (status === "loading" || status === "signed-in") {
    return <AuthLoading label={strings.processing} slowNotice={strings} />;
  }
  return (
    <main className="relative flex min-h-screen items-center justify-center bg-(--color-heritage-50) px-4 pt-16 pb-12">
      <SignInLanguageLinks current={language} />
      <div className="w-full max-w-md space-y-6 rounded-2xl border border-(--color-heritage-100) bg-white p-8 shadow-sm">
        <div className="space-y-1 text-center">
          <h1 className="text-2xl font-semibold">
            {needsFirstAdmin ? strings.firstAdmin.title : strings.heading}
          </h1>
          {needsFirstAdmin ? null : <p className="text-sm text-(--color-muted)">{strings.intro}</p>}
        </div>
        {needsFirstAdmin ? <FirstAdminForm /> : <SignInForm />}
      </div>
    </main>
  );
}
