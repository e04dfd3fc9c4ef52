import ipaddr from "ipaddr.js";

/** The one bucket shared by every loopback address (127.0.0.0/8 and ::1). */
export const LOOPBACK_KEY = "loopback";

/**
 * Which client a request counts against for rate limits, from its IP (`request.ip`, the real
 * client's address when TRUST_PROXY is set).
 *
 * - An IPv4 address is its own client.
 * - An IPv4 address written as IPv6 (`::ffff:203.0.113.5`, as a dual-stack socket reports it)
 *   is the same client as `203.0.113.5`.
 * - Any other IPv6 address counts as its /64: one subscriber line or host usually gets a whole
 *   /64 and can pick a fresh address in it for every request, so a per-address limit would not
 *   hold anyone back. The prefix is written one canonical way, so every spelling of an address
 *   falls in the same bucket.
 * - Every loopback address is one client: 127.0.0.1 and 127.0.0.2 are the same machine.
 *
 * Something that is not an IP address (it cannot come from a socket) is used as it is.
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it carries.
  const address = ipaddr.process(ip);
  if (address.range() === "loopback") return LOOPBACK_KEY;
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
