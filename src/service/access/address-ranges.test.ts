import { describe, expect, it } from "vitest";
import { inRange, parseAddressRange } from "./address-ranges.ts";

const matches = (cidr: string, address: string) => inRange(parseAddressRange(cidr), address);

describe("parseAddressRange", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7/32"],
    [" 203.0.113.0/24 ", "203.0.113.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:db8::/32", "2001:db8::/32"],
    ["2001:0db8:0000::1", "2001:db8::1/128"],
    ["::/0", "::/0"],
    ["::1/128", "::1/128"],
    // The form a dual-stack socket gives an IPv4 client is the IPv4 range.
    ["::ffff:198.51.100.7", "198.51.100.7/32"],
    ["::ffff:198.51.100.0/120", "198.51.100.0/24"],
  ])("reads %j as %s", (text, cidr) => {
    expect(parseAddressRange(text).cidr).toBe(cidr);
  });

  it.each([
    ["10.1.2.3/8", /not a network's first address \(that would be 10\.0\.0\.0\/8\)/],
    ["2001:db8::1/32", /that would be 2001:db8::\/32/],
    ["300.1.1.1", /"300\.1\.1\.1" is not an IPv4 or IPv6 address/],
    ["example.com", /"example\.com" is not an IPv4 or IPv6 address/],
    ["", /"" is not an IPv4 or IPv6 address/],
    ["10.0.0.0/33", /"\/33" must be a whole number from 0 to 32 for ipv4/],
    ["::1/129", /"\/129" must be a whole number from 0 to 128 for ipv6/],
    ["10.0.0.0/-1", /"\/-1" must be a whole number/],
    ["10.0.0.0/", /"\/" must be a whole number/],
    ["10.0.0.0/8/8", /"\/8\/8" must be a whole number/],
  ])("refuses %j, naming the problem", (text, message) => {
    expect(() => parseAddressRange(text)).toThrow(message);
  });
});

describe("inRange", () => {
  it("matches IPv4 addresses by prefix, with its edges", () => {
    expect(matches("203.0.113.0/24", "203.0.113.0")).toBe(true);
    expect(matches("203.0.113.0/24", "203.0.113.255")).toBe(true);
    expect(matches("203.0.113.0/24", "203.0.114.0")).toBe(false);
    expect(matches("203.0.113.0/24", "203.0.112.255")).toBe(false);
    expect(matches("203.0.113.7", "203.0.113.7")).toBe(true);
    expect(matches("203.0.113.7", "203.0.113.8")).toBe(false);
  });

  it("matches everything of its family with prefix 0, and nothing of the other", () => {
    expect(matches("0.0.0.0/0", "255.255.255.255")).toBe(true);
    expect(matches("0.0.0.0/0", "2001:db8::1")).toBe(false);
    expect(matches("::/0", "2001:db8::1")).toBe(true);
    expect(matches("::/0", "192.0.2.1")).toBe(false);
  });

  it("matches IPv6 addresses by prefix, however they are written", () => {
    expect(matches("2001:db8::/32", "2001:db8:ffff::1")).toBe(true);
    expect(matches("2001:db8::/32", "2001:0DB8:0:0::1")).toBe(true);
    expect(matches("2001:db8::/32", "2001:db9::1")).toBe(false);
    expect(matches("::1/128", "::1")).toBe(true);
    expect(matches("::1/128", "::2")).toBe(false);
  });

  it("matches an IPv4 client reaching a dual-stack socket (::ffff:a.b.c.d) as its IPv4 address", () => {
    expect(matches("127.0.0.0/8", "::ffff:127.0.0.1")).toBe(true);
    expect(matches("10.0.0.0/8", "::ffff:127.0.0.1")).toBe(false);
    expect(matches("::ffff:127.0.0.1", "127.0.0.1")).toBe(true);
    expect(matches("::ffff:127.0.0.1", "::ffff:127.0.0.1")).toBe(true);
  });

  it("matches no name that is not an address", () => {
    expect(matches("0.0.0.0/0", "unknown")).toBe(false);
    expect(matches("::/0", "")).toBe(false);
  });
});
