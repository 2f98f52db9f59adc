/**
 * What an executable's header says, read as the loader reads it: its format (ELF, Mach-O or PE), the architecture it
 * is for (Pulumi's names), and for Mach-O whether it carries a code signature (`LC_CODE_SIGNATURE`) and whether that
 * signature is ad hoc (the `CS_ADHOC` flag of its code directory).
 */
export interface ExecutableHeader {
  format: "ELF" | "Mach-O" | "PE" | "unknown";
  arch: "amd64" | "arm64" | "unknown";
  /** Mach-O only: the signature it carries, if any. */
  signature?: MachoSignature;
}

type MachoSignature = "ad hoc" | "signed" | "none";

const ELF_MACHINES: Record<number, ExecutableHeader["arch"]> = { 0x3e: "amd64", 0xb7: "arm64" };
const MACHO_CPUS: Record<number, ExecutableHeader["arch"]> = { 0x01000007: "amd64", 0x0100000c: "arm64" };
const PE_MACHINES: Record<number, ExecutableHeader["arch"]> = { 0x8664: "amd64", 0xaa64: "arm64" };

const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CS_ADHOC = 0x2;

/** The signature of a 64-bit little-endian Mach-O file, from its load commands. */
function machoSignature(file: Buffer): MachoSignature {
  const commands = file.readUInt32LE(16);
  let at = 32;
  for (let index = 0; index < commands; index += 1) {
    const command = file.readUInt32LE(at);
    if (command === LC_CODE_SIGNATURE) {
      const offset = file.readUInt32LE(at + 8);
      if (file.readUInt32BE(offset) !== CSMAGIC_EMBEDDED_SIGNATURE) return "none";
      const blobs = file.readUInt32BE(offset + 8);
      for (let blob = 0; blob < blobs; blob += 1) {
        const start = offset + file.readUInt32BE(offset + 12 + blob * 8 + 4);
        if (file.readUInt32BE(start) === CSMAGIC_CODEDIRECTORY) {
          return (file.readUInt32BE(start + 12) & CS_ADHOC) !== 0 ? "ad hoc" : "signed";
        }
      }
      return "none";
    }
    at += file.readUInt32LE(at + 4);
  }
  return "none";
}

/** Reads the header of the executable whose bytes are `file`. */
export function executableHeader(file: Buffer): ExecutableHeader {
  if (file.length >= 20 && file.readUInt32BE(0) === 0x7f454c46) {
    return { format: "ELF", arch: ELF_MACHINES[file.readUInt16LE(18)] ?? "unknown" };
  }
  if (file.length >= 32 && file.readUInt32LE(0) === 0xfeedfacf) {
    return {
      format: "Mach-O",
      arch: MACHO_CPUS[file.readUInt32LE(4)] ?? "unknown",
      signature: machoSignature(file),
    };
  }
  if (file.length >= 64 && file.toString("latin1", 0, 2) === "MZ") {
    const pe = file.readUInt32LE(0x3c);
    if (file.toString("latin1", pe, pe + 4) === "PE\0\0") {
      return { format: "PE", arch: PE_MACHINES[file.readUInt16LE(pe + 4)] ?? "unknown" };
    }
  }
  return { format: "unknown", arch: "unknown" };
}
