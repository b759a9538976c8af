/**
 * @module
 * The users action's messages in the admin's language. The server answers in English (its
 * messages are the English catalogue's, word for word, see users.server.ts); a message it knows
 * is shown in the admin's language, any other (the auth platform's own, e.g. "A user with email
 * ... already exists.") as it came.
 */
import { type AdminKey, adminEn } from "../../../i18n/admin/en";
import type { AdminTranslator } from "../../../i18n/admin/translator";

const serverMessageKeys: readonly AdminKey[] = [
  "users.message.notSignedIn",
  "users.message.loadFailed",
  "users.message.deleteFailed",
  "users.message.roleFailed",
  "users.message.lastAdmin",
  "users.message.lastAdminRole",
  "users.message.ownRole",
  "users.message.invalidRole",
  "users.message.confirmSelf",
  "users.message.unknownIntent",
  "users.message.correctFields",
  "users.message.gone",
  "users.create.failed",
];

export function usersMessageText(message: string, t: AdminTranslator["t"]): string {
  const key = serverMessageKeys.find((candidate) => adminEn[candidate] === message);
  return key ? t(key) : message;
}
