/**
 * The Resend + DNSimple provider against a loopback fake playing both APIs: the calls in order
 * with their keys and bodies, reuse of an existing zone and records, Resend's "already exists" as
 * a conflict, failures and the deadline as ManagedEmailProviderError without the keys, and the
 * sending key.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManagedEmailConflictError, ManagedEmailProviderError } from "./managed-email-provider";
import { createResendDnsimpleProvider, type ResendDnsimpleSettings } from "./resend-dnsimple";

interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/dnsimple/v2/1234/zones?name_like=…`. */
  path: string;
  headers: Record<string, string | undefined>;
  /** The JSON body, or undefined when there was none. */
  body: unknown;
}

/** What the fake answers: JSON, raw text, or nothing at all (the request is left hanging). */
type FakeAnswer = { status: number; json: unknown } | { status: number; text: string } | "hang";

interface FakeApis {
  origin: string;
  requests: RecordedRequest[];
  /** Answers `method path` (the path with its query) with `answer` until reset. */
  on(method: string, path: string, answer: FakeAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function reply(response: ServerResponse, answer: Exclude<FakeAnswer, "hang">): void {
  response.writeHead(answer.status, { "content-type": "application/json" });
  response.end("json" in answer ? JSON.stringify(answer.json) : answer.text);
}

/** One loopback server; Resend lives under `/resend`, DNSimple under `/dnsimple/v2`. */
async function startFakeApis(): Promise<FakeApis> {
  const requests: RecordedRequest[] = [];
  const answers = new Map<string, FakeAnswer>();
  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const method = request.method ?? "GET";
      const path = request.url ?? "/";
      requests.push({ method, path, headers, body: text === "" ? undefined : JSON.parse(text) });
      const answer = answers.get(`${method} ${path}`);
      if (answer === "hang") return;
      reply(
        response,
        answer ?? { status: 404, json: { message: `no route for ${method} ${path}` } },
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, answer) {
      answers.set(`${method} ${path}`, answer);
    },
    reset() {
      requests.length = 0;
      answers.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive, and the hanging request holds one open.
        server.closeAllConnections();
      }),
  };
}

const resendApiKey = "re_test_secret_resend_key";
const dnsimpleToken = "dnsimple_test_secret_token";
const subdomain = "mail.example.com";
const resend = "/resend";
const dnsimple = "/dnsimple/v2/1234";
const zonesQuery = `${dnsimple}/zones?name_like=mail.example.com&page=1&per_page=100`;
const zonePath = `${dnsimple}/zones/mail.example.com`;
const recordsQuery = `${zonePath}/records?page=1&per_page=100`;

/** Resend's records for `mail.example.com`, named relative to `example.com` as Resend does. */
const resendRecords = [
  {
    record: "SPF",
    name: "send.mail",
    type: "MX",
    value: "feedback-smtp.us-east-1.amazonses.com",
    status: "not_started",
    priority: 10,
  },
  {
    record: "SPF",
    name: "send.mail",
    type: "TXT",
    value: "v=spf1 include:amazonses.com ~all",
    status: "not_started",
  },
  {
    record: "DKIM",
    name: "resend._domainkey.mail",
    type: "TXT",
    value: " p=MIGfMA0GCSqGSIb3DQEB ",
    status: "not_started",
  },
  // Absolute names, lower-case types and trailing dots are taken as well.
  {
    record: "Tracking",
    name: "links.mail.example.com.",
    type: "cname",
    value: "links1.resend-dns.com.",
    status: "not_started",
  },
  // Neither copied: a type this provider does not write, and an empty value.
  { record: "Other", name: "x.mail", type: "A", value: "192.0.2.1", status: "not_started" },
  { record: "Other", name: "y.mail", type: "TXT", value: "  ", status: "not_started" },
];

const zoneFile = [
  "$ORIGIN mail.example.com.",
  "$TTL 1h",
  "mail.example.com. 3600 IN SOA axfr.dnsimple.com. admin.dnsimple.com. 1 86400 7200 604800 300",
  "mail.example.com. 3600 IN NS ns1.dnsimple.com.",
  "mail.example.com. 3600 IN NS ns2.dnsimple-edge.net.",
  'send.mail.example.com. 3600 IN TXT "v=spf1 include:amazonses.com ~all"',
].join("\n");

/** The apex records DNSimple puts in every new zone. */
const apexRecords = [
  { id: 1, type: "SOA", name: "", content: "axfr.dnsimple.com admin.dnsimple.com 1 86400 7200" },
  { id: 2, type: "NS", name: "", content: "ns1.dnsimple.com" },
  { id: 3, type: "NS", name: "", content: "ns2.dnsimple-edge.net" },
];

let fake: FakeApis;
let settings: ResendDnsimpleSettings;

beforeAll(async () => {
  fake = await startFakeApis();
  settings = {
    resendApiKey,
    resendApiBase: `${fake.origin}${resend}`,
    dnsimpleToken,
    dnsimpleAccountId: "1234",
    dnsimpleApiBase: `${fake.origin}/dnsimple/v2`,
  };
});

beforeEach(() => {
  fake.reset();
});

afterAll(async () => {
  await fake.close();
});

/** The answers of a first setup: no zone yet, DNSimple creates one. */
function answerNewDomain(): void {
  fake.on("POST", `${resend}/domains`, {
    status: 201,
    json: { id: "dom_123", name: subdomain, status: "not_started", records: resendRecords },
  });
  fake.on("POST", `${resend}/domains/dom_123/verify`, {
    status: 200,
    json: { object: "domain", id: "dom_123" },
  });
  fake.on("GET", zonesQuery, {
    status: 200,
    json: { data: [{ id: 9, name: "xmail.example.com" }] },
  });
  fake.on("POST", `${dnsimple}/domains`, {
    status: 201,
    json: { data: { id: 7, name: subdomain } },
  });
  fake.on("GET", zonePath, { status: 200, json: { data: { id: 7, name: subdomain } } });
  fake.on("GET", recordsQuery, { status: 200, json: { data: apexRecords } });
  fake.on("POST", `${zonePath}/records`, { status: 201, json: { data: { id: 100 } } });
  fake.on("GET", `${zonePath}/file`, { status: 200, json: { data: { zone: zoneFile } } });
}

function calls(): string[] {
  return fake.requests.map((request) => `${request.method} ${request.path}`);
}

function createdRecords(): unknown[] {
  return fake.requests
    .filter((request) => request.method === "POST" && request.path === `${zonePath}/records`)
    .map((request) => request.body);
}

describe("createSendingDomain", () => {
  it("creates the domain at Resend, a zone at DNSimple with Resend's and a DMARC record, and reads its name servers", async () => {
    answerNewDomain();
    const provider = createResendDnsimpleProvider(settings);
    expect(provider.simulated).toBe(false);

    const created = await provider.createSendingDomain(subdomain, "project-1");

    expect(created).toEqual({
      resendDomainId: "dom_123",
      nameServers: ["ns1.dnsimple.com", "ns2.dnsimple-edge.net"],
      status: "pending_verification",
    });
    expect(calls()).toEqual([
      `POST ${resend}/domains`,
      `POST ${resend}/domains/dom_123/verify`,
      `GET ${zonesQuery}`,
      `POST ${dnsimple}/domains`,
      `GET ${zonePath}`,
      `GET ${recordsQuery}`,
      `POST ${zonePath}/records`,
      `POST ${zonePath}/records`,
      `POST ${zonePath}/records`,
      `POST ${zonePath}/records`,
      `POST ${zonePath}/records`,
      `GET ${zonePath}/file`,
    ]);
    for (const request of fake.requests) {
      const key = request.path.startsWith(resend) ? resendApiKey : dnsimpleToken;
      expect(request.headers.authorization).toBe(`Bearer ${key}`);
    }
    expect(fake.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(fake.requests[0]?.body).toEqual({ name: subdomain });
    expect(fake.requests[2]?.headers.accept).toBe("application/json");
    expect(fake.requests[3]?.body).toEqual({ name: subdomain });
    expect(createdRecords()).toEqual([
      {
        type: "MX",
        name: "send",
        content: "feedback-smtp.us-east-1.amazonses.com",
        ttl: 3600,
        prio: 10,
      },
      { type: "TXT", name: "send", content: "v=spf1 include:amazonses.com ~all", ttl: 3600 },
      { type: "TXT", name: "resend._domainkey", content: "p=MIGfMA0GCSqGSIb3DQEB", ttl: 3600 },
      { type: "CNAME", name: "links", content: "links1.resend-dns.com", ttl: 3600 },
      { type: "TXT", name: "_dmarc", content: "v=DMARC1; p=none", ttl: 3600 },
    ]);
  });

  it("reuses an existing zone and the records it already has", async () => {
    answerNewDomain();
    fake.on("POST", `${resend}/domains`, {
      status: 200,
      json: { id: "dom_123", name: subdomain, status: "verified", records: resendRecords },
    });
    fake.on("GET", zonesQuery, {
      status: 200,
      json: {
        data: [
          { id: 9, name: "xmail.example.com" },
          { id: 7, name: "Mail.Example.com." },
        ],
      },
    });
    fake.on("GET", recordsQuery, {
      status: 200,
      json: {
        data: [
          ...apexRecords,
          // The same records in DNSimple's spelling: relative names, `prio`, a trailing dot.
          {
            id: 10,
            type: "MX",
            name: "send",
            content: "feedback-smtp.us-east-1.amazonses.com.",
            prio: 10,
          },
          { id: 11, type: "TXT", name: "send", content: "v=spf1 include:amazonses.com ~all" },
          { id: 12, type: "CNAME", name: "links", content: "links1.resend-dns.com" },
          { id: 13, type: "TXT", name: "_dmarc", content: "v=DMARC1; p=none" },
        ],
      },
    });
    // The same name server twice is reported once.
    fake.on("GET", `${zonePath}/file`, {
      status: 200,
      json: { data: { zone: `${zoneFile}\nmail.example.com. 3600 IN NS ns1.dnsimple.com.` } },
    });

    const created = await createResendDnsimpleProvider(settings).createSendingDomain(
      subdomain,
      "project-1",
    );

    expect(created.status).toBe("verified");
    expect(created.nameServers).toEqual(["ns1.dnsimple.com", "ns2.dnsimple-edge.net"]);
    expect(calls()).not.toContain(`POST ${dnsimple}/domains`);
    expect(createdRecords()).toEqual([
      { type: "TXT", name: "resend._domainkey", content: "p=MIGfMA0GCSqGSIb3DQEB", ttl: 3600 },
    ]);
  });

  it("turns Resend's 'already exists' into a ManagedEmailConflictError", async () => {
    fake.on("POST", `${resend}/domains`, {
      status: 409,
      json: { statusCode: 409, name: "conflict", message: "Domain already exists" },
    });
    const failure = await createResendDnsimpleProvider(settings)
      .createSendingDomain(subdomain, "project-1")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ManagedEmailConflictError);
    expect((failure as Error).message).toBe(
      "This subdomain already exists in Resend. If this is from another project, choose a different subdomain.",
    );
    expect(calls()).toEqual([`POST ${resend}/domains`]);
  });

  it("reports a failed call with the step and an excerpt of the answer, never the keys", async () => {
    // An answer that echoes the request's credentials, and is long.
    fake.on("POST", `${resend}/domains`, {
      status: 500,
      text: `Internal error for Bearer ${resendApiKey} and ${dnsimpleToken} ${"x".repeat(2000)}`,
    });
    const failure = await createResendDnsimpleProvider(settings)
      .createSendingDomain(subdomain, "project-1")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ManagedEmailProviderError);
    const message = (failure as Error).message;
    expect(message).toMatch(/^Resend: creating the domain failed: HTTP 500 Internal error/);
    expect(message).not.toContain(resendApiKey);
    expect(message).not.toContain(dnsimpleToken);
    expect(message.length).toBeLessThan(400);
  });

  it("reports malformed and incomplete answers as ManagedEmailProviderError", async () => {
    const provider = createResendDnsimpleProvider(settings);

    answerNewDomain();
    fake.on("GET", recordsQuery, { status: 200, text: "<html>maintenance</html>" });
    await expect(provider.createSendingDomain(subdomain, "p")).rejects.toThrow(
      new ManagedEmailProviderError(
        "DNSimple: reading the zone's records failed: the answer is not JSON: <html>maintenance</html>",
      ),
    );

    answerNewDomain();
    fake.on("GET", zonePath, { status: 200, json: { id: 7, name: subdomain } });
    await expect(provider.createSendingDomain(subdomain, "p")).rejects.toThrow(
      /^DNSimple: reading the zone failed: unexpected answer/,
    );

    answerNewDomain();
    fake.on("GET", zonesQuery, {
      status: 200,
      json: {
        data: [
          { id: 7, name: subdomain },
          { id: 8, name: `${subdomain}.` },
        ],
      },
    });
    await expect(provider.createSendingDomain(subdomain, "p")).rejects.toThrow(
      /^DNSimple: looking up the zone failed: 2 zones are named mail\.example\.com/,
    );

    answerNewDomain();
    fake.on("GET", `${zonePath}/file`, {
      status: 200,
      json: { data: { zone: "$ORIGIN mail.example.com.\n" } },
    });
    await expect(provider.createSendingDomain(subdomain, "p")).rejects.toThrow(
      /^DNSimple: reading the zone file failed: it names no name servers/,
    );
  });

  it("refuses to add a record where a CNAME of that name is in the way", async () => {
    answerNewDomain();
    fake.on("GET", recordsQuery, {
      status: 200,
      json: {
        data: [...apexRecords, { id: 20, type: "CNAME", name: "send", content: "elsewhere" }],
      },
    });
    const failure = await createResendDnsimpleProvider(settings)
      .createSendingDomain(subdomain, "project-1")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ManagedEmailProviderError);
    expect((failure as Error).message).toContain("CNAME record of that name");
    expect(createdRecords()).toEqual([]);
  });

  it("gives up on a call that never answers once its deadline has passed", async () => {
    answerNewDomain();
    fake.on("POST", `${resend}/domains/dom_123/verify`, "hang");
    const started = Date.now();
    const failure = await createResendDnsimpleProvider({ ...settings, timeoutMs: 200 })
      .createSendingDomain(subdomain, "project-1")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ManagedEmailProviderError);
    expect((failure as Error).message).toBe(
      "Resend: asking to verify the domain failed: no answer within 200 ms",
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe("createSendingKey", () => {
  it("asks Resend for a key that may send from the domain only, and returns its token", async () => {
    fake.on("POST", `${resend}/api-keys`, {
      status: 201,
      json: { id: "key_1", token: "re_new_sending_token" },
    });
    const token = await createResendDnsimpleProvider(settings).createSendingKey({
      resendDomainId: "dom_123",
      subdomain,
      projectId: "project-1",
    });
    expect(token).toBe("re_new_sending_token");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: "POST",
      path: `${resend}/api-keys`,
      headers: { authorization: `Bearer ${resendApiKey}`, "content-type": "application/json" },
      body: {
        name: "stack-managed-project-1-mail.example.com",
        permission: "sending_access",
        domain_id: "dom_123",
      },
    });
  });

  it("reports an answer without a token", async () => {
    fake.on("POST", `${resend}/api-keys`, { status: 201, json: { id: "key_1" } });
    await expect(
      createResendDnsimpleProvider(settings).createSendingKey({
        resendDomainId: "dom_123",
        subdomain,
        projectId: "project-1",
      }),
    ).rejects.toThrow(
      new ManagedEmailProviderError(
        "Resend: creating the sending key failed: unexpected answer (missing or wrong: token): (not shown)",
      ),
    );
  });
});
