// Addresses and CIDR ranges as the operator types them, parsed and matched by ipaddr.js (the parser
// proxy-addr uses for TRUST_PROXY). An IPv4 client reaching a dual-stack socket shows as ::ffff:a.b.c.d: it
// is matched as the IPv4 address it is.
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AddressRange {
  /** Normalised text: the network's first address and the prefix length ("203.0.113.0/24"). */
  cidr: string;
  network: Address;
  prefix: number;
}

/**
 * Parses "203.0.113.7", "203.0.113.0/24", "2001:db8::/32". Throws a message naming the problem. A range
 * whose address is not its network's first (10.1.2.3/8) is refused rather than silently widened: it is
 * most likely a typo of the prefix.
 */
export function parseAddressRange(text: string): AddressRange {
  const trimmed = text.trim();
  const slash = trimmed.indexOf("/");
  const addressText = slash < 0 ? trimmed : trimmed.slice(0, slash);
  if (!ipaddr.isValid(addressText)) throw new Error(`"${addressText}" is not an IPv4 or IPv6 address`);
  const address = ipaddr.parse(addressText);
  const bits = address.kind() === "ipv4" ? 32 : 128;
  if (slash < 0) return rangeOf(address, bits);
  const prefixText = trimmed.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
    throw new Error(
      `the prefix length "/${prefixText}" must be a whole number from 0 to ${bits} for ${address.kind()}`,
    );
  }
  const prefix = Number(prefixText);
  const network =
    address.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${addressText}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${addressText}/${prefix}`);
  if (network.toString() !== address.toString()) {
    throw new Error(
      `${trimmed} is not a network's first address (that would be ${network.toString()}/${prefix}); ` +
        "check the prefix length",
    );
  }
  return rangeOf(network, prefix);
}

/**
 * A range typed in the IPv4-mapped form (::ffff:203.0.113.7) is the IPv4 range it maps: clients are matched
 * as IPv4 (inRange), so kept as IPv6 it would never match.
 */
function rangeOf(network: Address, prefix: number): AddressRange {
  if (network.kind() === "ipv6" && prefix >= 96 && (network as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (network as ipaddr.IPv6).toIPv4Address();
    return { cidr: `${v4.toString()}/${prefix - 96}`, network: v4, prefix: prefix - 96 };
  }
  return { cidr: `${network.toString()}/${prefix}`, network, prefix };
}

/** Whether a client's address (as the request log names it) lies in the range. */
export function inRange(range: AddressRange, address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 one.
  const parsed = ipaddr.process(address);
  return parsed.kind() === range.network.kind() && parsed.match(range.network, range.prefix);
}
