/**
 * The language a mail caused by this request is written in (issue 33, item 1): the first of the
 * platform's mail languages that the request's `Accept-Language` asks for, else English. The
 * site's sign-in pages send their page's language; a browser sends its own; the reference's test
 * suite sends none, and gets the contract's English texts.
 * @module
 */
import { preferredLanguage, readersOfBosnian } from "@heritage/auth-protocol";
import type { Context } from "hono";
import { type MailLanguage, mailLanguages } from "../services/email-delivery/mail-texts";

export function mailLanguageOf(c: Context): MailLanguage {
  return (
    preferredLanguage(c.req.header("accept-language"), mailLanguages, readersOfBosnian) ?? "en"
  );
}
