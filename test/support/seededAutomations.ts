/**
 * The seeded automations as the search tests refer to them: by role, in the seed's creation order, and the
 * ones that are disabled (drafts, one tripped breaker, every third weekly report).
 */
import { SEED } from "../../emulator";

/** The id of a seeded weekly report, e.g. `report("mfa-gaps")`. */
export const report = (name: string): string => `auto-report-${name}`;

const [joiner, leaver, unusedCleanup, webhookSync] = SEED.automations.published;
const [contractorDraft, agentDraft] = SEED.automations.draft;

/** The named seeded automations. */
export const AUTOMATION = { joiner, leaver, unusedCleanup, webhookSync, contractorDraft, agentDraft };

/** Every seeded automation, newest first (the search's default order). */
export const NEWEST_FIRST: readonly string[] = [
  agentDraft,
  contractorDraft,
  ...[...SEED.automations.reports].reverse(),
  webhookSync,
  unusedCleanup,
  leaver,
  joiner,
];

/** The seeded automations with `enabled` false, newest first. */
export const DISABLED: readonly string[] = [
  agentDraft,
  contractorDraft,
  report("policy-exceptions"),
  report("service-accounts"),
  report("failed-provisioning"),
  report("orphaned-accounts"),
  unusedCleanup,
];
