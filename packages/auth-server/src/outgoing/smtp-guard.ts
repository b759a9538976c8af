/**
 * The outgoing-request policy for a project's own SMTP server (its host comes from the project's
 * config, i.e. from the API): nodemailer's `getSocket` hook resolves the host here, refuses it when
 * an address is not public, and opens the TCP connection to the checked addresses itself. The
 * transport keeps the configured host name, so TLS (implicit on 465, STARTTLS otherwise) still
 * sends it as SNI and verifies the certificate against it. The process's own `SMTP_URL` is the
 * operator's and does not go through here.
 * @module
 */
import { connect, isIP, type LookupFunction, type Socket } from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import {
  type OutgoingPolicy,
  type ResolvedAddress,
  resolveAllowedAddresses,
} from "./outgoing-policy";

type GetSocket = NonNullable<SMTPTransport.Options["getSocket"]>;

const defaultConnectTimeoutMs = 10_000;

/** A `lookup` that answers the addresses already checked, never asking DNS again. */
function fixedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) {
      (callback as unknown as (error: null, all: readonly ResolvedAddress[]) => void)(
        null,
        addresses,
      );
    } else if (first) {
      callback(null, first.address, first.family);
    }
  };
}

/** The `getSocket` of a transport to a user-configured SMTP server. */
export function guardedSmtpSocket(policy: OutgoingPolicy): GetSocket {
  return (options, callback) => {
    const host = options.host ?? "localhost";
    const port = Number(options.port) || (options.secure ? 465 : 587);
    const timeoutMs = options.connectionTimeout ?? defaultConnectTimeoutMs;
    let settled = false;
    let socket: Socket | undefined;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket?.destroy();
        callback(error, false);
      } else {
        socket?.removeListener("error", finish);
        callback(null, { connection: socket });
      }
    };
    const timer = setTimeout(() => {
      finish(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }));
    }, timeoutMs);
    resolveAllowedAddresses(host, policy).then(
      (addresses) => {
        if (settled) return;
        // The configured name (not an address) as host: an IP literal skips `lookup` altogether.
        socket = connect({
          host: isIP(host) === 0 ? host : (addresses[0]?.address ?? host),
          port,
          lookup: fixedLookup(addresses),
        });
        socket.once("connect", () => finish(null));
        socket.once("error", finish);
      },
      (error: Error) => finish(error),
    );
  };
}

/** Nodemailer options for a user-configured server, with the policy's connection hook. */
export function withSmtpGuard(
  options: SMTPTransport.Options,
  policy: OutgoingPolicy,
): SMTPTransport.Options {
  return { ...options, getSocket: guardedSmtpSocket(policy) };
}
