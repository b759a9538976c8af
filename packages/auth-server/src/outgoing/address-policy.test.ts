/**
 * The address classifier of the outgoing-request policy (issue 14, defect 2): only public unicast
 * addresses may be reached by requests a user aims; every internal form is refused, including the
 * spellings that smuggle an internal IPv4 address inside IPv6.
 */
import { describe, expect, it } from "vitest";
import { addressRange, isPublicAddress } from "./address-policy";
import { allowsPrivateNetworks } from "./outgoing-policy";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::7f00:1", "ipv4Compatible"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "linkLocal"],
    ["2002:7f00:1::", "6to4"],
    ["2001:0::1", "teredo"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["not an address", "invalid"],
    ["localhost", "invalid"],
  ])("refuses %s (%s)", (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("the operator's switch, unset", () => {
  it("admits private networks only on a development server", () => {
    expect(allowsPrivateNetworks(undefined, false)).toBe(false);
    expect(allowsPrivateNetworks(undefined, true)).toBe(true);
    expect(allowsPrivateNetworks(false, true)).toBe(false);
    expect(allowsPrivateNetworks(true, false)).toBe(true);
  });
});
