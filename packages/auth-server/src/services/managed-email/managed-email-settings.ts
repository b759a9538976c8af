/**
 * Which `ManagedEmailProvider` this server uses, from the operator's settings (config.ts): the
 * real Resend and DNSimple with `STACK_RESEND_API_KEY` and the DNSimple account; the simulation
 * with the reference's development value `mock_resend_api_key`, and in development when nothing
 * is set (as the reference's development settings have it); otherwise none, and onboarding
 * answers that it is off.
 * @module
 */
import type { AuthConfig } from "../../config";
import { type ManagedEmailProvider, simulatedManagedEmailProvider } from "./managed-email-provider";
import { createResendDnsimpleProvider } from "./resend-dnsimple";

/** The reference's development value of `STACK_RESEND_API_KEY`, which makes it simulate. */
export const simulatedResendApiKey = "mock_resend_api_key";

type ManagedEmailConfig = Pick<
  AuthConfig,
  | "STACK_RESEND_API_KEY"
  | "STACK_RESEND_API_BASE"
  | "STACK_DNSIMPLE_API_TOKEN"
  | "STACK_DNSIMPLE_ACCOUNT_ID"
  | "STACK_DNSIMPLE_API_BASE_URL"
>;

export function resolveManagedEmailProvider(
  config: ManagedEmailConfig,
  isDevelopment: boolean,
): ManagedEmailProvider | null {
  const key = config.STACK_RESEND_API_KEY;
  if (key === simulatedResendApiKey || key === undefined) {
    // In production the simulated key is refused at start (checkAuthSettingsForMode).
    return isDevelopment ? simulatedManagedEmailProvider : null;
  }
  if (!config.STACK_DNSIMPLE_API_TOKEN || !config.STACK_DNSIMPLE_ACCOUNT_ID) return null;
  return createResendDnsimpleProvider({
    resendApiKey: key,
    resendApiBase: config.STACK_RESEND_API_BASE,
    dnsimpleToken: config.STACK_DNSIMPLE_API_TOKEN,
    dnsimpleAccountId: config.STACK_DNSIMPLE_ACCOUNT_ID,
    dnsimpleApiBase: config.STACK_DNSIMPLE_API_BASE_URL,
  });
}
