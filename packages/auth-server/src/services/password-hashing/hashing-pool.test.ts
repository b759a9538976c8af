import { readdirSync, readFileSync } from "node:fs";
import { verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeHashingPool,
  hashArgon2id,
  hashingThreadNice,
  verifyArgon2,
  verifyBcrypt,
} from "./hashing-pool";

const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  const values: number[] = [];
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      // The fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      values.push(Number(fields[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return values;
}

describe("password hashing pool", () => {
  afterAll(closeHashingPool);

  it("hashes with argon2id on its threads, and the hash verifies", async () => {
    const hashed = await hashArgon2id("correct horse", cheap);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verify(hashed, "correct horse")).toBe(true);
    expect(await verifyArgon2(hashed, "correct horse")).toBe(true);
    expect(await verifyArgon2(hashed, "wrong horse")).toBe(false);
  });

  it("answers false for a malformed argon2 hash instead of failing", async () => {
    expect(await verifyArgon2("$argon2id$not-a-hash", "anything")).toBe(false);
  });

  it("checks imported bcrypt hashes on its threads", async () => {
    const imported = bcrypt.hashSync("old password", 4);
    expect(await verifyBcrypt(imported, "old password")).toBe(true);
    expect(await verifyBcrypt(imported, "other password")).toBe(false);
  });

  it.runIf(process.platform === "linux")(
    "runs its threads at a lower CPU priority than the rest of the process",
    async () => {
      // The pool keeps its threads (started with the first hasher) while the process runs.
      await hashArgon2id("started", cheap);
      const niceValues = threadNiceValues();
      expect(hashingThreadNice).toBeGreaterThan(0);
      expect(niceValues).toContain(hashingThreadNice);
      // This thread (the caller's) keeps its own priority.
      expect(niceValues.filter((value) => value === 0).length).toBeGreaterThan(0);
    },
  );
});
