import { createContext, useContext } from "react";

// Browsers hide a nonce from the DOM (the attribute reads ""), so the client renders "" to hydrate
// without mismatches; only the server knows, and sends, the real value.
const NonceContext = createContext<string>("");

/** Carries this response's CSP nonce from entry.server.tsx to the scripts rendered in root.tsx. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
