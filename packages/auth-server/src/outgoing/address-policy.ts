/**
 * Which IP addresses a request that a user aimed (a webhook URL, an OIDC issuer, a project's SMTP
 * host) may reach: public unicast addresses only. Everything else is refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata service, fe80::/10),
 * unique-local (fc00::/7), carrier-grade NAT (100.64/10), unspecified (0.0.0.0/8, ::), broadcast,
 * multicast, and the reserved, documentation and transition ranges. The ranges are ipaddr.js's
 * (kept up to date with the IANA special-purpose registries); an address counts as public only when
 * it names it `unicast`, so a range that library adds later is refused until we look at it.
 * @module
 */
import ipaddr from "ipaddr.js";

/** `64:ff9b::/96` (RFC 6052): NAT64 gateways reach the IPv4 address in its last 32 bits. */
const nat64WellKnownPrefix = ipaddr.parseCIDR("64:ff9b::/96");
/**
 * `::/96` besides `::` and `::1`: the deprecated IPv4-compatible form (`::127.0.0.1`). ipaddr.js
 * calls it unicast; a stack that still maps it would reach the embedded IPv4 address.
 */
const ipv4CompatiblePrefix = ipaddr.parseCIDR("::/96");

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(12);
  return ipaddr.IPv4.parse(bytes.join("."));
}

/**
 * The range an address lies in, as ipaddr.js names it (`unicast` = public): IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) and NAT64 addresses are judged by the IPv4 address they carry, a zone index
 * (`fe80::1%eth0`) is ignored. `invalid` when the text is no IP address.
 */
export function addressRange(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.replace(/^\[(.*)\]$/, "$1"));
  } catch {
    return "invalid";
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(nat64WellKnownPrefix)) return embeddedIpv4(v6).range();
    const range = v6.range();
    if (range === "unicast" && v6.match(ipv4CompatiblePrefix)) return "ipv4Compatible";
    return range;
  }
  return (parsed as ipaddr.IPv4).range();
}

/** Whether a user-aimed request may connect to this address (see the module comment). */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === "unicast";
}
