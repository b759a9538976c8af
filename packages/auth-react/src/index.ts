/**
 * `@heritage/auth-react`: React bindings of `@heritage/auth-client`, a thin `useSyncExternalStore`
 * layer over its framework-free current-user store.
 * @module
 */

export type { UseAuthResult } from "./hooks/use-auth";
export { useAuth } from "./hooks/use-auth";
export { useUser } from "./hooks/use-user";
export type { AuthProviderProps } from "./provider";
export { AuthProvider } from "./provider";
