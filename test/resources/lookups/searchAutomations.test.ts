import { describe, expect, it } from "vitest";
import { searchAutomations, type SearchAutomationsArgs } from "../../../resources";
import { AUTOMATION, DISABLED, NEWEST_FIRST, report } from "../../support/seededAutomations";
import { useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

const { joiner, leaver, unusedCleanup, webhookSync, contractorDraft, agentDraft } = AUTOMATION;
const newestFirst = [...NEWEST_FIRST];
const disabled = [...DISABLED];

async function ids(args: SearchAutomationsArgs): Promise<string[]> {
  return (await searchAutomations(args, suite.options)).map((automation) => automation.id ?? "");
}

describe("searchAutomations", () => {
  it("answers every automation, newest first, paging by 10 with the filters in every page's body", async () => {
    expect(await ids({ isDraft: false })).toEqual(newestFirst.slice(2));
    const bodies = (await suite.requests())
      .filter((entry) => entry.path.startsWith("/api/"))
      .map((entry) => entry.body);
    expect(bodies).toEqual([
      { isDraft: false, pageSize: 10 },
      { isDraft: false, pageSize: 10, pageToken: expect.any(String) },
    ]);
  });

  it.each<[string, SearchAutomationsArgs, string[]]>([
    ["no filter: drafts and published, createdAt descending (rules 2, 4)", {}, newestFirst],
    ["appId", { appId: "app-aws" }, [report("dormant-users"), report("expiring-access"), unusedCleanup]],
    [
      "appIds superseding appId (rule 1)",
      { appId: "app-aws", appIds: ["app-salesforce"] },
      [report("mfa-gaps"), report("stale-accounts")],
    ],
    [
      "an empty appIds falling back to appId (rule 1)",
      { appId: "app-aws", appIds: [] },
      [report("dormant-users"), report("expiring-access"), unusedCleanup],
    ],
    ["isDraft true: drafts only (rule 2)", { isDraft: true }, [agentDraft, contractorDraft]],
    ["statuses OFF (rule 3)", { statuses: ["AUTOMATION_STATUS_FILTER_OFF"] }, disabled],
    [
      "statuses ON (rule 3)",
      { statuses: ["AUTOMATION_STATUS_FILTER_ON"] },
      newestFirst.filter((id) => !disabled.includes(id)),
    ],
    [
      "statuses ON and OFF: no filter (rule 3)",
      { statuses: ["AUTOMATION_STATUS_FILTER_ON", "AUTOMATION_STATUS_FILTER_OFF"] },
      newestFirst,
    ],
    [
      "sortField set, direction unset: ascending (rule 4)",
      { sortField: "AUTOMATION_SORT_FIELD_DISPLAY_NAME", appIds: ["app-github"] },
      [leaver, webhookSync, report("admin-grants"), report("shared-secrets")],
    ],
    [
      "sortField with direction DESC",
      {
        sortField: "AUTOMATION_SORT_FIELD_LAST_EXECUTED_AT",
        direction: "SORT_DIRECTION_DESC",
        appId: "app-github",
      },
      [leaver, report("shared-secrets"), report("admin-grants"), webhookSync],
    ],
    ["query", { query: "Offboarding" }, [leaver]],
    ["refs", { refs: [{ id: joiner }, { id: agentDraft }] }, [agentDraft, joiner]],
    [
      "triggerTypes, one the package does not know",
      { triggerTypes: ["TRIGGER_TYPE_AGENT_EVENT", "TRIGGER_TYPE_UNUSED_ACCESS"] },
      [agentDraft, unusedCleanup],
    ],
  ])("filters by %s", async (_name, args, expected) => {
    expect(await ids(args)).toEqual(expected);
  });

  it("stops at limit, asking for a page no larger than needed", async () => {
    expect(await ids({ limit: 3 })).toEqual(newestFirst.slice(0, 3));
    const bodies = (await suite.requests())
      .filter((entry) => entry.path.startsWith("/api/"))
      .map((entry) => entry.body);
    expect(bodies).toEqual([{ pageSize: 10 }]);
  });

  it("keeps the breaker snapshot and unknown trigger types of the answers", async () => {
    const [tripped] = await searchAutomations({ refs: [{ id: unusedCleanup }] }, suite.options);
    expect(tripped).toMatchObject({
      enabled: false,
      circuitBreaker: { observedCount: 6, period: "CIRCUIT_BREAKER_PERIOD_DAY", threshold: 5 },
    });
    const [draft] = await searchAutomations({ refs: [{ id: agentDraft }] }, suite.options);
    expect(draft?.primaryTriggerType).toBe("TRIGGER_TYPE_AGENT_EVENT");
  });
});
