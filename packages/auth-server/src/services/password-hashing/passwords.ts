/**
 * Password hashing: argon2id with the OWASP parameters (19 MiB, t=2, p=1) for every new hash;
 * imported bcrypt hashes (`$2a$`/`$2b$`/`$2y$`) are verified and replaced by argon2id at the next
 * successful sign-in. Unknown emails are checked against a dummy hash so a sign-in takes the same time.
 * The hashing itself runs on low-priority worker threads (password-hashing/hashing-pool.ts).
 * @module
 */
import { type Algorithm, parseOptions } from "@node-rs/argon2";
import {
  type Argon2Parameters,
  hashArgon2id,
  startHashingPool,
  verifyArgon2,
  verifyBcrypt,
} from "./hashing-pool";

export type { Argon2Parameters };

/** OWASP Password Storage Cheat Sheet, argon2id option 2. Tests may inject cheaper parameters. */
export const owaspArgon2idParameters: Argon2Parameters = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// `Algorithm` is an ambient const enum, which isolatedModules forbids reading; 2 is Argon2id.
const argon2id = 2 as Algorithm;

const bcryptHashPattern = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/** Whether `value` is a bcrypt hash in Modular Crypt Format with at most 16 rounds (contract §1.7). */
export function isSupportedBcryptHash(value: string): boolean {
  const rounds = bcryptHashPattern.exec(value)?.[1];
  return rounds !== undefined && Number(rounds) >= 4 && Number(rounds) <= 16;
}

export interface PasswordVerification {
  isValid: boolean;
  /** The stored hash is bcrypt or weaker argon2: store a fresh hash now that the password is known. */
  needsRehash: boolean;
}

export interface PasswordHasher {
  hashPassword(password: string): Promise<string>;
  verifyPassword(storedHash: string, password: string): Promise<PasswordVerification>;
  /** Spends the time of one verification for a user that has no password (timing equality). */
  verifyAgainstDummy(password: string): Promise<void>;
}

export function createPasswordHasher(
  parameters: Argon2Parameters = owaspArgon2idParameters,
): PasswordHasher {
  startHashingPool();
  const hashPassword = (password: string) => hashArgon2id(password, parameters);
  let dummyHash: Promise<string> | undefined;

  function isWeakerArgon2(storedHash: string): boolean {
    try {
      const options = parseOptions(storedHash);
      return (
        options.algorithm !== argon2id ||
        options.memoryCost < parameters.memoryCost ||
        options.timeCost < parameters.timeCost
      );
    } catch {
      return true;
    }
  }

  return {
    hashPassword,
    async verifyPassword(storedHash, password) {
      if (storedHash.startsWith("$2")) {
        const isValid = await verifyBcrypt(storedHash, password);
        return { isValid, needsRehash: isValid };
      }
      const isValid = await verifyArgon2(storedHash, password);
      return { isValid, needsRehash: isValid && isWeakerArgon2(storedHash) };
    },
    async verifyAgainstDummy(password) {
      dummyHash ??= hashPassword("dummy password that no account has");
      // The result is thrown away; only the time spent matters.
      await verifyArgon2(await dummyHash, password);
    },
  };
}
