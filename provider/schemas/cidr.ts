/** Message when a source restriction holds something that is not a CIDR range. */
export function cidrMessage(text: string): string {
  return `${JSON.stringify(text)} is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)`;
}

const DECIMAL = /^(0|[1-9]\d*)$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

function parsePrefixLength(text: string, max: number): boolean {
  if (!DECIMAL.test(text) || text.length > 3) return false;
  return Number(text) <= max;
}

/** True for a dotted IPv4 address: four decimal octets 0-255 without leading zeros. */
export function isIpv4Address(text: string): boolean {
  const octets = text.split(".");
  if (octets.length !== 4) return false;
  return octets.every((octet) => DECIMAL.test(octet) && octet.length <= 3 && Number(octet) <= 255);
}

/** Counts the 16-bit groups of one side of an IPv6 address; -1 when a group is malformed. */
function countIpv6Groups(side: string, mayEndWithIpv4: boolean): number {
  if (side === "") return 0;
  const parts = side.split(":");
  let groups = 0;
  for (const [index, part] of parts.entries()) {
    const isLast = index === parts.length - 1;
    if (isLast && mayEndWithIpv4 && part.includes(".")) {
      if (!isIpv4Address(part)) return -1;
      groups += 2;
    } else if (HEX_GROUP.test(part)) {
      groups += 1;
    } else {
      return -1;
    }
  }
  return groups;
}

/**
 * True for an IPv6 address in RFC 4291 text form: eight hex groups, or fewer with one `::`
 * standing for at least one zero group; an embedded IPv4 tail (`::ffff:10.0.0.1`) counts as two groups.
 */
export function isIpv6Address(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  if (halves.length === 1) return countIpv6Groups(text, true) === 8;
  const [head = "", tail = ""] = halves;
  const headGroups = countIpv6Groups(head, false);
  const tailGroups = countIpv6Groups(tail, true);
  if (headGroups < 0 || tailGroups < 0) return false;
  return headGroups + tailGroups <= 7;
}

/**
 * True for a CIDR range: an IPv4 address with a prefix length 0-32 (`10.0.0.0/8`) or an IPv6
 * address with a prefix length 0-128 (`2001:db8::/32`). Host bits may be set; a bare address
 * without `/length` is not a range.
 */
export function isCidr(text: string): boolean {
  const slash = text.indexOf("/");
  if (slash < 0 || slash !== text.lastIndexOf("/")) return false;
  const address = text.slice(0, slash);
  const length = text.slice(slash + 1);
  if (isIpv4Address(address)) return parsePrefixLength(length, 32);
  if (isIpv6Address(address)) return parsePrefixLength(length, 128);
  return false;
}
