const SEED_EPOCH = Date.parse("2026-01-05T09:00:00Z");

/** A deterministic seed instant: the seed epoch plus days and minutes. */
export function seedTime(days: number, minutes = 0): string {
  return new Date(SEED_EPOCH + days * 86_400_000 + minutes * 60_000).toISOString().replace(".000Z", "Z");
}
