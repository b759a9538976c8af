/**
 * What every service receives: the database, configuration, clock, generators and the long-lived
 * helpers (password hasher, signing keys). Built once by createAuthApi; tests inject clock and
 * generators so expiry is tested without sleeping.
 * @module
 */
import type { Database } from "@heritage/db";
import type { AuthConfig } from "../config";
import type { SigningKeyStore } from "../keys/signing-keys";
import type { OutgoingPolicy } from "../outgoing/outgoing-policy";
import type { ProjectCache } from "../project-cache/project-cache";
import type { SessionActivity } from "../session-activity/session-activity";
import type { UserCache } from "../user-cache/user-cache";
import type { EmailSender } from "./email-delivery/emails";
import type { EmailRenderer } from "./email-sandbox/tsx-sandbox";
import type { ProfileImageStore } from "./images/profile-image-store";
import type { PasswordHasher } from "./password-hashing/passwords";
import type { SecretBox } from "./secrets/secret-box";
import type { IdGenerators } from "./secrets/secrets";
import type { AuthEvents } from "./shared/auth-events";
import type { AuthLogger } from "./shared/auth-logger";

export interface AuthDeps {
  db: Database;
  config: AuthConfig;
  /** The public origin of the server (JWT `iss` prefix). */
  baseUrl: string;
  clock: () => Date;
  logger: AuthLogger;
  ids: IdGenerators;
  passwords: PasswordHasher;
  signingKeys: SigningKeyStore;
  /** Projects and their key checks, from memory while change notifications arrive. */
  projects: ProjectCache;
  /** The users of requests' access tokens, from memory while change notifications arrive. */
  users: UserCache;
  /** Refreshes' times of activity, written in batches (session-activity/session-activity.ts). */
  sessionActivity: SessionActivity;
  /** Encrypts and decrypts the secrets kept at rest (`SECRETS_KEY`, services/secrets/secret-box.ts). */
  secrets: SecretBox;
  /**
   * The process-wide sender (`SMTP_URL`, else the outbox alone); a project's mail goes through
   * `emailSenderFor` (services/email/project-mail.ts), which prefers the project's own SMTP server.
   */
  emails: EmailSender;
  /** Renders TSX e-mail templates in sandboxes, in turns per project (decision 028). */
  emailRenderer: EmailRenderer;
  /** Listeners of sign-ins the embedder set (createAuthApi's `events`). */
  events?: AuthEvents | undefined;
  /** Where pictures sent as data URLs are kept; unset: they are kept as data URLs. */
  profileImages?: ProfileImageStore | undefined;
  /** Where requests a project can aim may go (webhooks, OIDC providers, its own SMTP server). */
  outgoing: OutgoingPolicy;
  /** Development or test: allows the development override key and verbose 500 bodies. */
  isDevelopment: boolean;
}
