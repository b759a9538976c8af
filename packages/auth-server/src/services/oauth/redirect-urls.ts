/**
 * Redirect URLs of the OAuth flow (spec §5: "The OAuth redirect URL has its code and state
 * parameters removed. The redirect URL must be whitelisted."): the app's callback is stored and
 * compared without `code`, `state` and fragment, and is trusted like every redirect target, plus the
 * SDK's mobile URL schemes.
 * @module
 */
import { isTrustedRedirectUrl, type ProjectConfig } from "../projects/project-config";

const mobileSchemes = new Set(["stack-auth-mobile-oauth-url:", "hexclave-mobile-oauth-url:"]);

/** The URL without its `code` and `state` query parameters and fragment (unparsable: unchanged). */
export function stripCodeAndState(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.searchParams.delete("code");
  parsed.searchParams.delete("state");
  parsed.hash = "";
  return parsed.toString();
}

/** Whether the two callback URLs are the same once code, state and fragment are gone. */
export function isSameRedirectUri(a: string, b: string): boolean {
  return stripCodeAndState(a) === stripCodeAndState(b);
}

export function isTrustedOAuthRedirectUrl(config: ProjectConfig, url: string): boolean {
  try {
    if (mobileSchemes.has(new URL(url).protocol)) return true;
  } catch {
    return false;
  }
  return isTrustedRedirectUrl(config, url);
}
