/**
 * @module
 * Data vault stores (contract §3.5) for server and admin apps: the key is hashed and the value
 * encrypted here (data-vault-crypto.ts), so the server only ever holds opaque strings.
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AppCore } from "../calls-core";
import { AuthProtocolError } from "../errors";
import {
  decryptDataVaultValue,
  encryptDataVaultValue,
  hashDataVaultKey,
} from "./data-vault-crypto";

export interface DataVaultSecretOption {
  /** The secret only the app knows; without it the server cannot read keys or values. */
  secret: string;
}

export interface DataVaultStore {
  id: string;
  /** `POST /data-vault/stores/{id}/set`: stores or replaces the value of `key`. */
  setValue(key: string, value: string, options: DataVaultSecretOption): Promise<void>;
  /** `POST /data-vault/stores/{id}/get`: the value, or null when `key` holds none. */
  getValue(key: string, options: DataVaultSecretOption): Promise<string | null>;
}

export interface DataVaultCalls {
  /** A store configured in the project (`dataVault.stores.{id}`); unknown ids fail on use. */
  getDataVaultStore(id: string): DataVaultStore;
}

export function createDataVaultCalls(core: AppCore): DataVaultCalls {
  return {
    getDataVaultStore(id) {
      const path = (action: "get" | "set") =>
        `/data-vault/stores/${encodeURIComponent(id)}/${action}`;
      return {
        id,
        async setValue(key, value, { secret }) {
          const body = {
            hashed_key: await hashDataVaultKey(secret, key),
            encrypted_value: await encryptDataVaultValue(secret, key, value),
          };
          await core.send(path("set"), { method: "POST", body });
        },
        async getValue(key, { secret }) {
          const hashedKey = await hashDataVaultKey(secret, key);
          let response: Response;
          try {
            response = await core.send(path("get"), {
              method: "POST",
              body: { hashed_key: hashedKey },
            });
          } catch (error) {
            if (isKnownError(error, "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST")) return null;
            throw error;
          }
          const answer = (await response.json()) as { encrypted_value?: unknown };
          if (typeof answer.encrypted_value !== "string") {
            throw new AuthProtocolError("Data vault answer has no encrypted_value string");
          }
          return decryptDataVaultValue(secret, key, answer.encrypted_value);
        },
      };
    },
  };
}
