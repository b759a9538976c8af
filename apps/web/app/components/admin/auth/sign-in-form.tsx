/**
 * @module
 * Email and password sign-in of /login (site spec, sections 2, 5 and 8). On success the auth
 * state turns signed-in and the page moves on (see routes/auth/login.tsx).
 */
import { useAuth } from "@heritage/auth-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { signInStrings } from "../../../i18n/sign-in-strings";
import { useLanguage } from "../../../lib/i18n";
import { withLanguagePrefix } from "../../../lib/language";
import { buttonClasses } from "../../ui/button-styles";
import { TextField } from "../shell/text-field";
import { describeSignInError, describeUnexpectedError, type Notice } from "./sign-in-messages";

interface FieldErrors {
  email?: string;
  password?: string;
}

export function SignInForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const { app, signInWithCredential, reload } = useAuth();
  const language = useLanguage();
  const strings = signInStrings[language];
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Notice | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const fail = (notice: Notice) => {
    setFailure(notice);
    toast.error(notice.title, { description: notice.text });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (email.trim() === "") errors.email = strings.emailRequired;
    if (password === "") errors.password = strings.passwordRequired;
    setFieldErrors(errors);
    setFailure(null);
    if (errors.email || errors.password) {
      const first = event.currentTarget.elements.namedItem(errors.email ? "email" : "password");
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await signInWithCredential({ email: email.trim(), password });
      if (result.status === "error") {
        fail(describeSignInError(result.error, strings));
        return;
      }
      if ((await app.getUser()) === null) {
        fail({ title: strings.errorTitle, text: strings.invalidCredentials });
        return;
      }
      toast.success(strings.successTitle, { description: strings.successText });
      // The shared auth state turns signed-in; /login then moves on to where the user was going.
      await reload();
    } catch (error) {
      fail(describeUnexpectedError(error, strings));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? (
        <div
          role="alert"
          className="rounded-md border border-(--color-terracotta-600) bg-(--color-terracotta-50) p-3 text-sm"
        >
          <p className="font-semibold text-(--color-terracotta-700)">{failure.title}</p>
          <p className="text-(--color-ink)">{failure.text}</p>
        </div>
      ) : null}
      <TextField
        label={strings.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <TextField
        label={strings.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      {/* The auth platform's own reset flow: a mailed link, then a new password. */}
      <Link
        to={withLanguagePrefix("/handler/forgot-password", language)}
        className="self-end text-sm font-medium text-(--color-heritage-700) underline underline-offset-2"
      >
        {strings.forgotPassword}
      </Link>
      <button
        type="submit"
        disabled={isSubmitting}
        className={buttonClasses("secondary", "w-full")}
      >
        {isSubmitting ? strings.signingIn : strings.signIn}
      </button>
    </form>
  );
}
