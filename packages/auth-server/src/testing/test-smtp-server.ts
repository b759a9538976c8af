/**
 * A loopback SMTP server for tests of mail sent through a project's own server: records each
 * delivered message, can refuse recipients (a delivery error for the sender) and can hold messages
 * until released (to see a worker with a send in flight).
 * @module
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface DeliveredMail {
  /** The envelope sender (MAIL FROM). */
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** The loopback address it listens on (127.0.0.1 unless asked otherwise). */
  host: string;
  port: number;
  /** Connections opened to it so far (a refused target must never count one). */
  connections: number;
  /** Messages accepted so far, in order. */
  delivered: DeliveredMail[];
  /** Recipients refused with a 550 answer while listed here. */
  refused: Set<string>;
  /** Recipients answered 450 (a temporary failure, worth a retry) while listed here. */
  deferred: Set<string>;
  /** While true, every recipient is refused with a 550 answer. */
  refuseAll: boolean;
  /** Until `release()`, each message is held (its sender waits); `arrived` counts them. */
  hold(): { arrived: () => number; release: () => void };
  /** The project config's `emails.server` for a project sending through this server. */
  projectServer(senderName: string, senderEmail: string): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(
  options: {
    host?: string;
    /** Accept mail only after AUTH with these (over plain text: loopback only). */
    credentials?: { username: string; password: string };
  } = {},
): Promise<TestSmtpServer> {
  const host = options.host ?? "127.0.0.1";
  const delivered: DeliveredMail[] = [];
  const refused = new Set<string>();
  const deferred = new Set<string>();
  const state = { refuseAll: false, connections: 0 };
  let gate: { promise: Promise<void>; arrived: number } | null = null;
  const credentials = options.credentials;
  const smtp = new SMTPServer({
    authOptional: credentials === undefined,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (
        credentials &&
        auth.username === credentials.username &&
        auth.password === credentials.password
      ) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error("Invalid username or password"));
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (state.refuseAll || refused.has(address.address)) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        return;
      }
      if (deferred.has(address.address)) {
        callback(Object.assign(new Error("Try again later"), { responseCode: 450 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const held = gate;
        if (held) held.arrived += 1;
        void (held?.promise ?? Promise.resolve()).then(() => {
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, host, resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    host,
    port,
    get connections() {
      return state.connections;
    },
    delivered,
    refused,
    deferred,
    get refuseAll() {
      return state.refuseAll;
    },
    set refuseAll(value: boolean) {
      state.refuseAll = value;
    },
    hold() {
      let release: () => void = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = { promise, arrived: 0 };
      gate = held;
      return {
        arrived: () => held.arrived,
        release: () => {
          if (gate === held) gate = null;
          release();
        },
      };
    },
    projectServer: (senderName, senderEmail) => ({
      isShared: false,
      host,
      port,
      username: credentials?.username ?? "",
      password: credentials?.password ?? "",
      senderName,
      senderEmail,
    }),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
