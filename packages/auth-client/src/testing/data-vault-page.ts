/**
 * Page script of the data vault browser test: exposes the client library's vault crypto to the
 * test, running on the browser's own WebCrypto.
 * @module
 */
import {
  decryptDataVaultValue,
  encryptDataVaultValue,
  hashDataVaultKey,
} from "../data-vault/data-vault-crypto";

Object.assign(globalThis, {
  vaultTest: { hashDataVaultKey, encryptDataVaultValue, decryptDataVaultValue },
});
