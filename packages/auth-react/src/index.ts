/**
 * `@heritage/auth-react`: React bindings of `@heritage/auth-client`, a thin `useSyncExternalStore`
 * layer over its framework-free current-user store.
 * @module
 */

export type { AuthHandlerProps } from "./handler/auth-handler";
export { AuthHandler, getHandlerRoute } from "./handler/auth-handler";
export type { HandlerRoute, HandlerSlot, HandlerUrls } from "./handler/handler-options";
export { handlerRoutes } from "./handler/handler-options";
export type { MessageKey } from "./handler/i18n/en";
/** The message format of every catalogue of ours (the site's admin area uses it too). */
export { formatMessage, messageArguments, pluralSelectors } from "./handler/i18n/message-format";
export type { HandlerLanguage, TranslationOverrides } from "./handler/i18n/translator";
export { handlerLanguages } from "./handler/i18n/translator";
export type { UseAuthResult } from "./hooks/use-auth";
export { useAuth } from "./hooks/use-auth";
export { useUser } from "./hooks/use-user";
export type { AuthProviderProps } from "./provider";
export { AuthProvider } from "./provider";
