/**
 * The real ManagedEmailProvider: Resend sends the project's mail, DNSimple hosts the DNS zone of the
 * project's sending subdomain. Setting a domain up is a fixed sequence of REST calls (create the
 * domain at Resend and ask it to verify, create or reuse the zone at DNSimple, add the records
 * Resend asks for plus a DMARC record, read the zone's name servers); a sending key is one more
 * call to Resend once the domain is verified.
 *
 * Every call goes through the global `fetch` with its own deadline and is tried once: the person
 * onboarding waits on it, and the sequence is safe to run again (existing zones and records are
 * reused). Anything unexpected becomes a `ManagedEmailProviderError` naming the step that failed,
 * with a short excerpt of the answer and never the operator's keys. The API addresses come from the
 * operator's settings, so tests talk to a loopback fake.
 * @module
 */
import { z } from "zod";
import {
  type CreatedSendingDomain,
  ManagedEmailConflictError,
  type ManagedEmailProvider,
  ManagedEmailProviderError,
  normalizeDomainName,
} from "./managed-email-provider";

export interface ResendDnsimpleSettings {
  resendApiKey: string;
  /** default "https://api.resend.com" */
  resendApiBase: string;
  dnsimpleToken: string;
  dnsimpleAccountId: string;
  /** default "https://api.dnsimple.com/v2" */
  dnsimpleApiBase: string;
  /** deadline of each call, default 10_000 ms */
  timeoutMs?: number;
}

export const defaultResendApiBase = "https://api.resend.com";
export const defaultDnsimpleApiBase = "https://api.dnsimple.com/v2";

/** Long enough for a slow API, short enough that the person onboarding is not left waiting. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** How much of a failed answer goes into an error message: enough to see why, not a whole page. */
const MAX_EXCERPT_CHARS = 300;

/** The TTL of the records this provider creates (DNSimple's default). */
const RECORD_TTL_SECONDS = 3600;

/** The record types Resend asks for that this provider copies into the zone. */
const COPIED_RECORD_TYPES = new Set(["TXT", "CNAME", "MX"]);

/** Reports only, so nothing bounces and no mail is lost while the domain is new. */
const DMARC_CONTENT = "v=DMARC1; p=none";

const CONFLICT_MESSAGE =
  "This subdomain already exists in Resend. If this is from another project, choose a different subdomain.";

const resendDomainAnswer = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  status: z.string().nullish(),
  records: z
    .array(
      z.object({
        record: z.string().nullish(),
        name: z.string(),
        type: z.string(),
        value: z.string(),
        status: z.string().nullish(),
        priority: z.number().nullish(),
      }),
    )
    .nullish(),
});

const resendApiKeyAnswer = z.object({
  id: z.string().nullish(),
  token: z.string().min(1),
});

const dnsimpleZone = z.object({ id: z.union([z.number(), z.string()]), name: z.string().min(1) });

const dnsimpleZoneListAnswer = z.object({ data: z.array(dnsimpleZone) });
const dnsimpleZoneAnswer = z.object({ data: dnsimpleZone });

const dnsimpleRecordListAnswer = z.object({
  data: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      type: z.string(),
      name: z.string(),
      content: z.string(),
      priority: z.number().nullish(),
      prio: z.number().nullish(),
    }),
  ),
});

const dnsimpleZoneFileAnswer = z.object({ data: z.object({ zone: z.string() }) });

interface CallInit {
  method: string;
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The 2xx answer carries a secret, so error messages must not quote it. */
  secretAnswer?: boolean;
}

/** A record as this provider compares them: fully qualified lower-case name, upper-case type. */
interface ZoneRecord {
  type: string;
  name: string;
  content: string;
  priority?: number;
}

/** Record contents are compared (and written) without the trailing dot of an absolute name. */
function normalizeRecordContent(content: string): string {
  return content.trim().replace(/\.+$/, "");
}

/**
 * The fully qualified name of a record in `zone`. Resend names records relative to the registered
 * domain (`send.mail` for the zone `mail.example.com`), DNSimple relative to the zone (`send`, ""
 * for the apex); both, and absolute names, end up as `send.mail.example.com`.
 */
function normalizeRecordName(name: string, zone: string): string {
  const normalized = normalizeDomainName(name);
  if (normalized === "" || normalized === "@" || normalized === zone) return zone;
  if (normalized.endsWith(`.${zone}`)) return normalized;
  const firstLabel = zone.split(".")[0] ?? "";
  const suffix = `.${firstLabel}`;
  if (firstLabel !== "" && normalized.endsWith(suffix) && normalized.length > suffix.length) {
    return `${normalized.slice(0, -suffix.length)}.${zone}`;
  }
  return `${normalized}.${zone}`;
}

/** The name DNSimple takes for a record: relative to the zone, "" for the apex. */
function relativeRecordName(fullName: string, zone: string): string {
  return fullName === zone ? "" : fullName.slice(0, -(zone.length + 1));
}

/** The name servers a zone file delegates to, in order, each once, without trailing dots. */
function nameServersInZoneFile(zoneFile: string): string[] {
  const found: string[] = [];
  for (const line of zoneFile.split(/\r?\n/)) {
    const match = /\sIN\s+NS\s+([^\s]+)\s*$/i.exec(line);
    const server = match?.[1]?.replace(/\.+$/, "");
    if (server && !found.includes(server)) found.push(server);
  }
  return found;
}

/** The base address without trailing slashes, so joined paths have exactly one. */
function baseUrl(configured: string, fallback: string): string {
  return (configured || fallback).replace(/\/+$/, "");
}

export function createResendDnsimpleProvider(
  settings: ResendDnsimpleSettings,
): ManagedEmailProvider {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resendBase = baseUrl(settings.resendApiBase, defaultResendApiBase);
  const dnsimpleBase = baseUrl(settings.dnsimpleApiBase, defaultDnsimpleApiBase);
  const accountPath = `${dnsimpleBase}/${encodeURIComponent(settings.dnsimpleAccountId)}`;
  const secrets = [settings.resendApiKey, settings.dnsimpleToken].filter((secret) => secret !== "");

  const resendHeaders = {
    Authorization: `Bearer ${settings.resendApiKey}`,
    "Content-Type": "application/json",
  };
  const dnsimpleHeaders = {
    Authorization: `Bearer ${settings.dnsimpleToken}`,
    Accept: "application/json",
    "Content-Type": "application/json",
  };

  /** An error for `step`, with the keys blanked out should an answer ever echo them. */
  function failure(step: string, detail: string): ManagedEmailProviderError {
    let message = `${step} failed: ${detail}`;
    for (const secret of secrets) message = message.split(secret).join("[redacted]");
    return new ManagedEmailProviderError(message);
  }

  function excerpt(text: string): string {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > MAX_EXCERPT_CHARS ? `${flat.slice(0, MAX_EXCERPT_CHARS)}…` : flat;
  }

  /**
   * One call; the answer's text when it is 2xx. `onRefusal` may turn a particular non-2xx answer
   * into a more specific error before the generic one is thrown.
   */
  async function send(
    step: string,
    url: string,
    init: CallInit,
    onRefusal?: (status: number, text: string) => void,
  ): Promise<string> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        // Every call has a deadline: a stalled API must not hold the onboarding request forever.
        signal: AbortSignal.timeout(timeoutMs),
        // Neither API redirects; a redirect means a wrong base address, and the bearer token
        // should not be carried to wherever it points.
        redirect: "error",
      });
      status = response.status;
      // The same deadline covers the body: a server may send headers and then stall.
      text = await response.text();
    } catch (error) {
      throw failure(step, describeNetworkError(error, timeoutMs));
    }
    if (status < 200 || status > 299) {
      onRefusal?.(status, text);
      throw failure(step, `HTTP ${status} ${excerpt(text)}`.trimEnd());
    }
    return text;
  }

  /** One call whose 2xx answer must be JSON of the given shape. */
  async function sendForJson<T>(
    step: string,
    schema: z.ZodType<T>,
    url: string,
    init: CallInit,
    onRefusal?: (status: number, text: string) => void,
  ): Promise<T> {
    const text = await send(step, url, init, onRefusal);
    // A successful answer holding a secret (a new API key) is never quoted.
    const quoted = init.secretAnswer ? "(not shown)" : excerpt(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw failure(step, `the answer is not JSON: ${quoted}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues
        .map((issue) => issue.path.join(".") || "(answer)")
        .join(", ");
      throw failure(step, `unexpected answer (missing or wrong: ${where}): ${quoted}`);
    }
    return parsed.data;
  }

  /** The zone named `subdomain` at DNSimple: the existing one, or a new one. */
  async function findOrCreateZone(subdomain: string): Promise<string> {
    const query = `name_like=${encodeURIComponent(subdomain)}&page=1&per_page=100`;
    const listed = await sendForJson(
      "DNSimple: looking up the zone",
      dnsimpleZoneListAnswer,
      `${accountPath}/zones?${query}`,
      { method: "GET", headers: dnsimpleHeaders },
    );
    // `name_like` matches substrings (`mail.example.com` also finds `xmail.example.com`).
    const matching = listed.data.filter((zone) => normalizeDomainName(zone.name) === subdomain);
    if (matching.length > 1) {
      throw new ManagedEmailProviderError(
        `DNSimple: looking up the zone failed: ${matching.length} zones are named ${subdomain}`,
      );
    }
    // Addressed by the compared spelling: DNSimple's zone names are lower case without a dot.
    let zoneName = matching[0] ? normalizeDomainName(matching[0].name) : undefined;
    if (zoneName === undefined) {
      // Adding a domain to the account is what creates its zone at DNSimple.
      const created = await sendForJson(
        "DNSimple: creating the domain",
        dnsimpleZoneAnswer,
        `${accountPath}/domains`,
        { method: "POST", headers: dnsimpleHeaders, body: { name: subdomain } },
      );
      zoneName = normalizeDomainName(created.data.name);
    }
    const zone = await sendForJson(
      "DNSimple: reading the zone",
      dnsimpleZoneAnswer,
      `${accountPath}/zones/${encodeURIComponent(zoneName)}`,
      { method: "GET", headers: dnsimpleHeaders },
    );
    return normalizeDomainName(zone.data.name);
  }

  /** Adds each wanted record the zone lacks; a CNAME clash with what is there is an error. */
  async function addMissingRecords(zone: string, wanted: ZoneRecord[]): Promise<void> {
    const recordsPath = `${accountPath}/zones/${encodeURIComponent(zone)}/records`;
    const listed = await sendForJson(
      "DNSimple: reading the zone's records",
      dnsimpleRecordListAnswer,
      `${recordsPath}?page=1&per_page=100`,
      { method: "GET", headers: dnsimpleHeaders },
    );
    const existing: ZoneRecord[] = listed.data.map((record) => ({
      type: record.type.trim().toUpperCase(),
      name: normalizeRecordName(record.name, zone),
      content: normalizeRecordContent(record.content),
      priority: record.priority ?? record.prio ?? undefined,
    }));

    for (const record of wanted) {
      const sameName = existing.filter((other) => other.name === record.name);
      const present = sameName.some(
        (other) =>
          other.type === record.type &&
          other.content === record.content &&
          (record.type !== "MX" || other.priority === record.priority),
      );
      if (present) continue;
      // A CNAME may not share its name with any other record (RFC 1034 §3.6.2).
      const clash =
        record.type === "CNAME"
          ? sameName.find((other) => other.type !== "CNAME" || other.content !== record.content)
          : sameName.find((other) => other.type === "CNAME");
      if (clash) {
        throw new ManagedEmailProviderError(
          `DNSimple: adding the ${record.type} record ${record.name} failed: the zone already has a ${clash.type} record of that name (${excerpt(clash.content)})`,
        );
      }
      await send(`DNSimple: adding the ${record.type} record ${record.name}`, recordsPath, {
        method: "POST",
        headers: dnsimpleHeaders,
        body: {
          type: record.type,
          name: relativeRecordName(record.name, zone),
          content: record.content,
          ttl: RECORD_TTL_SECONDS,
          ...(record.type === "MX" && record.priority !== undefined
            ? { prio: record.priority }
            : {}),
        },
      });
      existing.push(record);
    }
  }

  return {
    simulated: false,

    async createSendingDomain(subdomain): Promise<CreatedSendingDomain> {
      const domain = await sendForJson(
        "Resend: creating the domain",
        resendDomainAnswer,
        `${resendBase}/domains`,
        { method: "POST", headers: resendHeaders, body: { name: subdomain } },
        (status, text) => {
          const lowered = text.toLowerCase();
          if (
            (status === 403 || status === 409) &&
            (lowered.includes("already exists") || lowered.includes("domain exists"))
          ) {
            throw new ManagedEmailConflictError(CONFLICT_MESSAGE);
          }
        },
      );

      // Resend checks the records only when asked; asking now lets it start as soon as DNS is up.
      await send(
        "Resend: asking to verify the domain",
        `${resendBase}/domains/${encodeURIComponent(domain.id)}/verify`,
        { method: "POST", headers: resendHeaders },
      );

      const zone = await findOrCreateZone(subdomain);

      const wanted: ZoneRecord[] = [];
      for (const record of domain.records ?? []) {
        const type = record.type.trim().toUpperCase();
        const content = normalizeRecordContent(record.value);
        if (!COPIED_RECORD_TYPES.has(type) || content === "") continue;
        wanted.push({
          type,
          name: normalizeRecordName(record.name, zone),
          content,
          ...(type === "MX" && record.priority != null ? { priority: record.priority } : {}),
        });
      }
      wanted.push({
        type: "TXT",
        name: normalizeRecordName(`_dmarc.${subdomain}`, zone),
        content: DMARC_CONTENT,
      });
      await addMissingRecords(zone, wanted);

      const zoneFile = await sendForJson(
        "DNSimple: reading the zone file",
        dnsimpleZoneFileAnswer,
        `${accountPath}/zones/${encodeURIComponent(zone)}/file`,
        { method: "GET", headers: dnsimpleHeaders },
      );
      const nameServers = nameServersInZoneFile(zoneFile.data.zone);
      if (nameServers.length === 0) {
        throw new ManagedEmailProviderError(
          `DNSimple: reading the zone file failed: it names no name servers for ${zone}`,
        );
      }

      return {
        resendDomainId: domain.id,
        nameServers,
        status: domain.status === "verified" ? "verified" : "pending_verification",
      };
    },

    async createSendingKey({ resendDomainId, subdomain, projectId }) {
      const key = await sendForJson(
        "Resend: creating the sending key",
        resendApiKeyAnswer,
        `${resendBase}/api-keys`,
        {
          method: "POST",
          headers: resendHeaders,
          secretAnswer: true,
          body: {
            name: `stack-managed-${projectId}-${subdomain}`,
            // The key can send mail from this domain and do nothing else.
            permission: "sending_access",
            domain_id: resendDomainId,
          },
        },
      );
      return key.token;
    },
  };
}

/** Why a call got no answer, in words for an operator. */
function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const reason =
      typeof cause?.code === "string"
        ? cause.code
        : typeof cause?.message === "string"
          ? cause.message
          : "";
    return reason ? `${error.message} (${reason})` : error.message;
  }
  return String(error);
}
