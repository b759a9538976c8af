/**
 * A project's own SMTP server under the outgoing-request policy (issue 14, defect 2): nodemailer
 * connects through the guard's `getSocket`, so an internal host (an IP literal, `localhost`, or a
 * name resolving inside) is refused before a connection is opened, and a public one receives the
 * mail over the checked connection. "Public" is played by 127.0.0.2 (see guarded-fetch.test.ts).
 */
import { createTransport } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { smtpTimeouts } from "../services/email-delivery/smtp-options";
import { startTestSmtpServer, type TestSmtpServer } from "../testing/test-smtp-server";
import { isPublicAddress } from "./address-policy";
import {
  createOutgoingPolicy,
  type HostResolver,
  OutgoingRequestRefusedError,
} from "./outgoing-policy";
import { withSmtpGuard } from "./smtp-guard";

const servers: TestSmtpServer[] = [];

async function smtpServer(host?: string): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(host ? { host } : {});
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const answers: Record<string, string> = {
  "mail.example": "127.0.0.2",
  "inside.example": "127.0.0.1",
};
const resolveHost: HostResolver = async (hostname) => {
  const address = answers[hostname];
  if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};
const strict = createOutgoingPolicy({
  allowPrivateNetworks: false,
  resolveHost,
  isPublicAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
});

function send(host: string, port: number, policy = strict) {
  const transport = createTransport(withSmtpGuard({ host, port, ...smtpTimeouts }, policy));
  return transport
    .sendMail({
      from: "sender@mail.example",
      to: "someone@example.org",
      subject: "Hello",
      text: "Hello",
    })
    .finally(() => transport.close());
}

describe("the SMTP guard", () => {
  it("refuses internal hosts before connecting", async () => {
    const internal = await smtpServer();
    for (const host of ["127.0.0.1", "::1", "localhost", "inside.example"]) {
      await expect(send(host, internal.port)).rejects.toThrow(OutgoingRequestRefusedError);
    }
    expect(internal.connections).toBe(0);
    expect(internal.delivered).toHaveLength(0);
  });

  it("delivers to a public host over the connection it checked", async () => {
    const outside = await smtpServer("127.0.0.2");
    const info = await send("mail.example", outside.port);
    expect(info.accepted).toEqual(["someone@example.org"]);
    expect(outside.delivered).toMatchObject([{ to: ["someone@example.org"] }]);
  });

  it("reports an unknown host as the resolver's error, not as a refusal", async () => {
    const error = await send("nowhere.example", 25).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(OutgoingRequestRefusedError);
    expect(error).toMatchObject({ code: "ENOTFOUND" });
  });

  it("lets the operator's switch reach loopback", async () => {
    const internal = await smtpServer();
    const open = createOutgoingPolicy({ allowPrivateNetworks: true });
    await send("127.0.0.1", internal.port, open);
    expect(internal.delivered).toHaveLength(1);
  });
});
