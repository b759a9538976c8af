/**
 * Contact channels called directly (contract §2.3, §2.6): adding, changing and deleting a user's
 * addresses (one primary, an address signs in for one account of a project), and verifying one by
 * a mailed code. Refusals leave the channels as they were and mail nothing; a channel is never
 * read, changed or verified through another project or another user.
 */
import { randomUUID } from "node:crypto";
import { KnownError, type KnownErrorCode } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import { StatusError } from "../shared/status-error";
import {
  type ContactChannelInput,
  createContactChannel,
  deleteContactChannel,
  findContactChannel,
  listContactChannels,
  sendChannelVerificationCode,
  toContactChannel,
  updateContactChannel,
  verifyChannelWithCode,
} from "./contact-channels";
import { createUser } from "./user-writes";

const callbackUrl = "http://localhost:3000/handler/email-verification";

let t: TestAuthApi;
/** The services' dependencies as createAuthApi builds them, over the harness's database. */
let deps: AuthDeps;
let project: LoadedProject;
let other: LoadedProject;
let counter = 0;

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = t.serviceDeps();
  project = await t.createLoadedProject({ displayName: "Channels Co" });
  other = await t.createLoadedProject();
});
afterAll(() => t.close());

function nextEmail(): string {
  counter += 1;
  return `channel-${counter}@example.com`;
}

/** A user whose primary address signs in. */
async function newUser(of: LoadedProject = project): Promise<{ id: string; email: string }> {
  const email = nextEmail();
  const user = await t.db.transaction((tx) =>
    createUser(tx, deps, of, { primary_email: email, primary_email_auth_enabled: true }),
  );
  return { id: user.row.id, email };
}

const add = (userId: string, input: ContactChannelInput, of: LoadedProject = project) =>
  createContactChannel(deps, of, userId, input);

async function channelsOf(userId: string) {
  const rows = await t.db.select().from(contactChannels).where(eq(contactChannels.userId, userId));
  return rows.map(toContactChannel).sort((a, b) => a.value.localeCompare(b.value));
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

async function expectCode(promise: Promise<unknown>, code: KnownErrorCode): Promise<KnownError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(KnownError);
  expect((error as KnownError).code).toBe(code);
  return error as KnownError;
}

async function expectPlain(promise: Promise<unknown>, expected: StatusError): Promise<void> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(StatusError);
  const { status, message } = error as StatusError;
  expect({ status, message }).toEqual({ status: expected.status, message: expected.message });
}

/** The code of the newest verification e-mail to `to`. */
const mailedCode = (to: string) => t.readCodeFromOutbox(to, "Verify your email");

describe("contact channels (happy)", () => {
  it("adds addresses normalized, one primary at a time, listed oldest first", async () => {
    const user = await newUser();
    t.clock.advance(1000);
    const added = await add(user.id, {
      value: "  Second.Address@Example.COM ",
      usedForAuth: false,
      isPrimary: true,
    });
    expect(toContactChannel(added)).toEqual({
      user_id: user.id,
      id: added.id,
      value: "second.address@example.com",
      type: "email",
      used_for_auth: false,
      is_verified: false,
      is_primary: true,
    });
    const listed = await listContactChannels(t.db, project.id, user.id);
    expect(listed.map((row) => [row.value, row.isPrimary])).toEqual([
      [user.email, false],
      ["second.address@example.com", true],
    ]);
  });

  it("keeps a verified address verified, and a changed address is unverified unless told", async () => {
    const user = await newUser();
    const channel = await add(user.id, {
      value: nextEmail(),
      usedForAuth: false,
      isVerified: true,
    });
    const sameValue = await updateContactChannel(deps, project, user.id, channel.id, {
      usedForAuth: true,
    });
    expect(sameValue).toMatchObject({ usedForAuth: true, isVerified: true });
    const moved = await updateContactChannel(deps, project, user.id, channel.id, {
      value: nextEmail(),
    });
    expect(moved).toMatchObject({ isVerified: false, usedForAuth: true });
    const vouched = await updateContactChannel(deps, project, user.id, channel.id, {
      value: nextEmail(),
      isVerified: true,
    });
    expect(vouched.isVerified).toBe(true);

    await deleteContactChannel(t.db, project.id, user.id, channel.id);
    expect(await findContactChannel(t.db, project.id, user.id, channel.id)).toBeNull();
    expect((await channelsOf(user.id)).map((row) => row.value)).toEqual([user.email]);
  });

  it("mails a link whose code, checked and then used, verifies the channel once", async () => {
    const user = await newUser();
    const [channel] = await listContactChannels(t.db, project.id, user.id);
    if (!channel) throw new Error("The primary channel is missing");
    await sendChannelVerificationCode(deps, project, channel, callbackUrl);
    const [mail] = await t.readOutbox(user.email);
    expect(mail).toMatchObject({
      projectId: project.id,
      subject: "Verify your email at Channels Co",
    });
    expect(mail?.text).toContain(`${callbackUrl}?code=`);
    const code = await mailedCode(user.email);

    await verifyChannelWithCode(deps, project, code, false);
    expect((await findContactChannel(t.db, project.id, user.id, channel.id))?.isVerified).toBe(
      false,
    );
    await verifyChannelWithCode(deps, project, code, true);
    expect((await findContactChannel(t.db, project.id, user.id, channel.id))?.isVerified).toBe(
      true,
    );
    await expectCode(
      verifyChannelWithCode(deps, project, code, true),
      "VERIFICATION_CODE_ALREADY_USED",
    );
  });
});

describe("contact channels (error)", () => {
  it("refuses a duplicate address, an unknown user and unknown channels, changing nothing", async () => {
    const user = await newUser();
    const before = await channelsOf(user.id);
    await expectPlain(
      add(user.id, { value: user.email.toUpperCase(), usedForAuth: false }),
      plainErrors.contactChannelExists(),
    );
    const extra = await add(user.id, { value: nextEmail(), usedForAuth: false });
    await expectPlain(
      updateContactChannel(deps, project, user.id, extra.id, { value: user.email }),
      plainErrors.contactChannelExists(),
    );
    const missingUser = randomUUID();
    const unknown = await expectCode(
      add(missingUser, { value: nextEmail(), usedForAuth: false }),
      "USER_ID_DOES_NOT_EXIST",
    );
    expect(unknown.details).toEqual({ user_id: missingUser });
    await expectPlain(
      updateContactChannel(deps, project, user.id, randomUUID(), { value: nextEmail() }),
      plainErrors.contactChannelToChangeNotFound(),
    );
    await expectPlain(
      deleteContactChannel(t.db, project.id, user.id, randomUUID()),
      plainErrors.contactChannelToChangeNotFound(),
    );
    expect(await channelsOf(user.id)).toEqual(
      [...before, toContactChannel(extra)].sort((a, b) => a.value.localeCompare(b.value)),
    );
  });

  it("refuses an address another account of the project signs in with", async () => {
    const owner = await newUser();
    const user = await newUser();
    const before = await channelsOf(user.id);
    const refused = await expectCode(
      add(user.id, { value: owner.email, usedForAuth: true }),
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    );
    expect(refused.details).toMatchObject({ contact_channel_value: owner.email });
    const [own] = await listContactChannels(t.db, project.id, user.id);
    await expectCode(
      updateContactChannel(deps, project, user.id, own?.id ?? "", { value: owner.email }),
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    );
    expect(await channelsOf(user.id)).toEqual(before);
    // Listed without signing in, the address is the user's to have.
    const listed = await add(user.id, { value: owner.email, usedForAuth: false });
    expect(listed.usedForAuth).toBe(false);
  });

  it("mails nothing for a verified channel or an untrusted callback", async () => {
    const user = await newUser();
    const verified = await add(user.id, {
      value: nextEmail(),
      usedForAuth: false,
      isVerified: true,
    });
    await expectCode(
      sendChannelVerificationCode(deps, project, verified, callbackUrl),
      "EMAIL_ALREADY_VERIFIED",
    );
    const primary = (await listContactChannels(t.db, project.id, user.id)).find(
      (row) => row.isPrimary,
    );
    if (!primary) throw new Error("The primary channel is missing");
    await expectCode(
      sendChannelVerificationCode(deps, project, primary, "https://evil.example/steal"),
      "REDIRECT_URL_NOT_WHITELISTED",
    );
    expect(await t.readOutbox(verified.value)).toEqual([]);
    expect(await t.readOutbox(user.email)).toEqual([]);
  });

  it("refuses a code for an address changed since it was mailed, leaving it unverified", async () => {
    const user = await newUser();
    const [channel] = await listContactChannels(t.db, project.id, user.id);
    if (!channel) throw new Error("The primary channel is missing");
    await sendChannelVerificationCode(deps, project, channel, callbackUrl);
    const code = await mailedCode(user.email);
    const changed = nextEmail();
    await updateContactChannel(deps, project, user.id, channel.id, { value: changed });
    await expectPlain(
      verifyChannelWithCode(deps, project, code, true),
      plainErrors.verifiedContactChannelGone(),
    );
    expect(await findContactChannel(t.db, project.id, user.id, channel.id)).toMatchObject({
      value: changed,
      isVerified: false,
    });
  });
});

describe("contact channels (security)", () => {
  it("never reads, changes or deletes a channel through another project or another user", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const [channel] = await listContactChannels(t.db, project.id, owner.id);
    if (!channel) throw new Error("The primary channel is missing");
    const before = await channelsOf(owner.id);

    expect(await listContactChannels(t.db, other.id, owner.id)).toEqual([]);
    expect(await findContactChannel(t.db, project.id, intruder.id, channel.id)).toBeNull();
    await expectCode(
      add(owner.id, { value: nextEmail(), usedForAuth: false }, other),
      "USER_ID_DOES_NOT_EXIST",
    );
    await expectPlain(
      updateContactChannel(deps, other, owner.id, channel.id, { value: nextEmail() }),
      plainErrors.contactChannelToChangeNotFound(),
    );
    await expectPlain(
      updateContactChannel(deps, project, intruder.id, channel.id, { isVerified: true }),
      plainErrors.contactChannelToChangeNotFound(),
    );
    await expectPlain(
      deleteContactChannel(t.db, other.id, owner.id, channel.id),
      plainErrors.contactChannelToChangeNotFound(),
    );
    await expectPlain(
      deleteContactChannel(t.db, project.id, intruder.id, channel.id),
      plainErrors.contactChannelToChangeNotFound(),
    );
    expect(await channelsOf(owner.id)).toEqual(before);
  });

  it("never verifies with another project's code", async () => {
    const user = await newUser();
    const [channel] = await listContactChannels(t.db, project.id, user.id);
    if (!channel) throw new Error("The primary channel is missing");
    await sendChannelVerificationCode(deps, project, channel, callbackUrl);
    const code = await mailedCode(user.email);
    await expectCode(verifyChannelWithCode(deps, other, code, true), "VERIFICATION_CODE_NOT_FOUND");
    expect((await findContactChannel(t.db, project.id, user.id, channel.id))?.isVerified).toBe(
      false,
    );
    // The code still works where it belongs.
    await verifyChannelWithCode(deps, project, code, true);
    expect((await findContactChannel(t.db, project.id, user.id, channel.id))?.isVerified).toBe(
      true,
    );
  });

  it("lets another project's user sign in with the same address", async () => {
    const owner = await newUser();
    const elsewhere = await newUser(other);
    const added = await add(elsewhere.id, { value: owner.email, usedForAuth: true }, other);
    expect(added).toMatchObject({ projectId: other.id, usedForAuth: true, value: owner.email });
  });
});
