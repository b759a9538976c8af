/**
 * What other packages' tests need to drive OAuth against the auth server
 * (`@heritage/auth-server/testing/oauth`): the loopback provider and the redirect follower.
 * @module
 */
export { followOAuthRedirects, type OAuthRedirectHops } from "./oauth-redirects";
export {
  startTestOAuthProvider,
  type TestOAuthProvider,
  type TestProviderAccount,
} from "./test-oauth-provider";
