import { isIpv4Address } from "./cidr";

function ipv4Bits(address: string): bigint {
  return address.split(".").reduce((bits, octet) => (bits << 8n) | BigInt(octet), 0n);
}

/** The 128 bits of an IPv6 address already checked by `isIpv6Address` (an IPv4 tail counts as two groups). */
function ipv6Bits(address: string): bigint {
  const groupsOf = (side: string): bigint[] =>
    side === ""
      ? []
      : side.split(":").flatMap((part) => {
          if (!part.includes(".")) return [BigInt(`0x${part}`)];
          const bits = ipv4Bits(part);
          return [bits >> 16n, bits & 0xffffn];
        });
  const [head = "", tail] = address.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return groups.reduce((bits, group) => (bits << 16n) | group, 0n);
}

function formatIpv4(bits: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join(".");
}

function formatIpv6(bits: bigint): string {
  const groups = Array.from({ length: 8 }, (_, index) =>
    ((bits >> BigInt(112 - 16 * index)) & 0xffffn).toString(16),
  );
  return groups.join(":");
}

/**
 * For a CIDR range (already checked by `isCidr`) whose address sets bits past the prefix (`10.0.0.1/8`), the range
 * it stands for (`10.0.0.0/8`); otherwise undefined. Such a range is refused, never normalised: the program's text
 * would then differ from what the service stores, and every run would show a diff.
 */
export function rangeWithoutHostBits(text: string): string | undefined {
  const [address = "", lengthText = ""] = text.split("/");
  const ipv4 = isIpv4Address(address);
  const width = ipv4 ? 32n : 128n;
  const bits = ipv4 ? ipv4Bits(address) : ipv6Bits(address);
  const hostBits = width - BigInt(lengthText);
  const network = (bits >> hostBits) << hostBits;
  if (network === bits) return undefined;
  return `${ipv4 ? formatIpv4(network) : formatIpv6(network)}/${lengthText}`;
}

/** Message for a range that sets host bits, naming the range meant. */
export function hostBitsMessage(text: string, range: string): string {
  return `${JSON.stringify(text)} sets host bits past its prefix; write the range as ${JSON.stringify(range)}`;
}
