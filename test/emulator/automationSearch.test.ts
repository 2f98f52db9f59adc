import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { AUTOMATION, DISABLED, NEWEST_FIRST, report } from "../support/seededAutomations";

const suite = useEmulator();

interface Found {
  list: { id: string; displayName: string }[];
  nextPageToken: string;
}

/** Every automation id the search finds, following nextPageToken (pages of 100). */
async function searchIds(filters: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let pageToken = "";
  do {
    const answer = await suite.api.post<Found>("/api/v1/search/automations", {
      ...filters,
      pageSize: 100,
      pageToken,
    });
    expect(answer.status).toBe(200);
    ids.push(...answer.body.list.map((automation) => automation.id));
    pageToken = answer.body.nextPageToken;
  } while (pageToken !== "");
  return ids;
}

const { joiner, leaver, unusedCleanup, webhookSync, contractorDraft, agentDraft } = AUTOMATION;
const newestFirst = [...NEWEST_FIRST];

describe("search automations: order (rule 4)", () => {
  it("answers createdAt descending when neither sortField nor direction is set", async () => {
    expect(await searchIds({})).toEqual(newestFirst);
  });

  it("answers createdAt ascending when only the direction is ASC", async () => {
    expect(await searchIds({ direction: "SORT_DIRECTION_ASC" })).toEqual([...newestFirst].reverse());
  });

  it("treats an UNSPECIFIED direction as ascending once sortField is set", async () => {
    const ids = await searchIds({
      sortField: "AUTOMATION_SORT_FIELD_DISPLAY_NAME",
      direction: "SORT_DIRECTION_UNSPECIFIED",
      appId: "app-github",
    });
    expect(ids).toEqual([leaver, webhookSync, report("admin-grants"), report("shared-secrets")]);
  });

  it("sorts descending by the field when direction is DESC", async () => {
    const ids = await searchIds({
      sortField: "AUTOMATION_SORT_FIELD_DISPLAY_NAME",
      direction: "SORT_DIRECTION_DESC",
      appId: "app-github",
    });
    expect(ids).toEqual([report("shared-secrets"), report("admin-grants"), webhookSync, leaver]);
  });

  it.each([
    ["an unknown direction as UNSPECIFIED", { direction: "SORT_DIRECTION_SIDEWAYS" }, newestFirst],
    ["an unknown sortField as UNSPECIFIED", { sortField: "AUTOMATION_SORT_FIELD_COLOUR" }, newestFirst],
    [
      "an unknown sortField with ASC as createdAt ascending",
      { sortField: "AUTOMATION_SORT_FIELD_COLOUR", direction: "SORT_DIRECTION_ASC" },
      [...newestFirst].reverse(),
    ],
  ])("treats %s (spec 2.0.5: unknown values are accepted)", async (_name, body, expected) => {
    expect(await searchIds(body)).toEqual(expected);
  });

  it("sorts by enabled, then id, when sortField is ENABLED", async () => {
    const ids = await searchIds({
      sortField: "AUTOMATION_SORT_FIELD_ENABLED",
      appIds: ["app-aws", "app-ai-agents"],
    });
    expect(ids).toEqual([agentDraft, unusedCleanup, report("dormant-users"), report("expiring-access")]);
  });

  it("puts never-executed automations first when sorting by lastExecutedAt ascending", async () => {
    const ids = await searchIds({ sortField: "AUTOMATION_SORT_FIELD_LAST_EXECUTED_AT", appId: "app-github" });
    expect(ids).toEqual([webhookSync, report("admin-grants"), report("shared-secrets"), leaver]);
  });

  it("sorts by primary trigger type", async () => {
    const ids = await searchIds({
      sortField: "AUTOMATION_SORT_FIELD_PRIMARY_TRIGGER_TYPE",
      refs: [{ id: joiner }, { id: leaver }, { id: webhookSync }, { id: agentDraft }],
    });
    expect(ids).toEqual([agentDraft, joiner, leaver, webhookSync]);
  });
});

describe("search automations: app filter (rule 1)", () => {
  it("keeps the automations of appId", async () => {
    expect(await searchIds({ appId: "app-aws" })).toEqual([
      report("dormant-users"),
      report("expiring-access"),
      unusedCleanup,
    ]);
  });

  it("lets a non-empty appIds supersede appId", async () => {
    expect(await searchIds({ appId: "app-aws", appIds: ["app-salesforce", "app-ai-agents"] })).toEqual([
      agentDraft,
      report("mfa-gaps"),
      report("stale-accounts"),
    ]);
  });

  it("falls back to appId when appIds is empty", async () => {
    expect(await searchIds({ appId: "app-aws", appIds: [] })).toEqual(await searchIds({ appId: "app-aws" }));
  });

  it("answers an empty list for an app without automations", async () => {
    expect(await searchIds({ appId: "app-directory" })).toEqual([]);
  });
});

describe("search automations: isDraft (rule 2)", () => {
  it.each([
    ["unset", {}, newestFirst],
    ["null", { isDraft: null }, newestFirst],
    ["true", { isDraft: true }, [agentDraft, contractorDraft]],
    ["false", { isDraft: false }, newestFirst.slice(2)],
  ] as const)("isDraft %s answers the right automations", async (_name, filters, expected) => {
    expect(await searchIds(filters)).toEqual(expected);
  });
});

describe("search automations: statuses (rule 3)", () => {
  const disabled = [...DISABLED];
  const enabled = newestFirst.filter((id) => !disabled.includes(id));

  it.each([
    ["ON", ["AUTOMATION_STATUS_FILTER_ON"], enabled],
    ["OFF", ["AUTOMATION_STATUS_FILTER_OFF"], disabled],
    ["ON and OFF", ["AUTOMATION_STATUS_FILTER_OFF", "AUTOMATION_STATUS_FILTER_ON"], newestFirst],
    ["empty", [], newestFirst],
    ["UNSPECIFIED", ["AUTOMATION_STATUS_FILTER_UNSPECIFIED"], newestFirst],
    ["unknown (matches none)", ["AUTOMATION_STATUS_FILTER_PAUSED"], []],
    ["ON and unknown", ["AUTOMATION_STATUS_FILTER_ON", "AUTOMATION_STATUS_FILTER_PAUSED"], enabled],
  ] as const)("statuses %s answers the right automations", async (_name, statuses, expected) => {
    expect(await searchIds({ statuses })).toEqual(expected);
  });
});

describe("search automations: query, refs and trigger types", () => {
  it.each([
    ["a word of the display name", "offboarding", [leaver]],
    ["a word of the description only, in another case", "BIRTHRIGHT", [joiner]],
    ["a word in both", "webhook", [webhookSync]],
    ["text that matches nothing", "payroll", []],
  ] as const)("query matches %s", async (_name, query, expected) => {
    expect(await searchIds({ query })).toEqual(expected);
  });

  it("keeps only the automations named by refs", async () => {
    expect(await searchIds({ refs: [{ id: joiner }, { id: webhookSync }, { id: "auto-missing" }] })).toEqual([
      webhookSync,
      joiner,
    ]);
  });

  it("keeps the automations whose primary trigger type is listed, unlisted types included", async () => {
    expect(
      await searchIds({
        triggerTypes: ["TRIGGER_TYPE_WEBHOOK", "TRIGGER_TYPE_UNUSED_ACCESS", "TRIGGER_TYPE_AGENT_EVENT"],
      }),
    ).toEqual([agentDraft, webhookSync, unusedCleanup]);
  });

  it("applies every filter together", async () => {
    const ids = await searchIds({
      appIds: ["app-github", "app-aws"],
      isDraft: false,
      statuses: ["AUTOMATION_STATUS_FILTER_ON"],
      query: "report",
      triggerTypes: ["TRIGGER_TYPE_SCHEDULE"],
    });
    expect(ids).toEqual([
      report("dormant-users"),
      report("shared-secrets"),
      report("expiring-access"),
      report("admin-grants"),
    ]);
  });
});

describe("search automations: paging (rule 5) and validation", () => {
  it("pages by body pageSize and pageToken, a size under 10 answering 10", async () => {
    const first = await suite.api.post<Found>("/api/v1/search/automations", { pageSize: 3 });
    expect(first.body.list.map((automation) => automation.id)).toEqual(newestFirst.slice(0, 10));
    const second = await suite.api.post<Found>("/api/v1/search/automations", {
      pageSize: 3,
      pageToken: first.body.nextPageToken,
    });
    expect(second.body.list.map((automation) => automation.id)).toEqual(newestFirst.slice(10));
    expect(second.body.nextPageToken).toBe("");
  });

  it("answers 400 for a page token reused with other filters", async () => {
    const first = await suite.api.post<Found>("/api/v1/search/automations", { pageSize: 10 });
    const answer = await suite.api.post("/api/v1/search/automations", {
      isDraft: false,
      pageToken: first.body.nextPageToken,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 3,
      message: `invalid pageToken "${first.body.nextPageToken}"`,
      details: [],
    });
  });

  it.each([
    [{ colour: "red" }, "invalid body: colour: unrecognized field"],
    [{ isDraft: "yes" }, "invalid body: isDraft: expected boolean"],
    [{ appIds: "app-aws" }, "invalid body: appIds: expected array"],
    [
      { statuses: ["AUTOMATION_STATUS_FILTER_ON", "ON"] },
      'invalid body: statuses[1]: unknown value "ON" (expected a value starting with AUTOMATION_STATUS_FILTER_)',
    ],
    [
      { sortField: "NAME" },
      'invalid body: sortField: unknown value "NAME" (expected a value starting with AUTOMATION_SORT_FIELD_)',
    ],
    [{ direction: 1 }, "invalid body: direction: expected string"],
    [{ statuses: [true] }, "invalid body: statuses[0]: expected string"],
    [
      { triggerTypes: ["WEBHOOK"] },
      'invalid body: triggerTypes[0]: unknown value "WEBHOOK" (expected a value starting with TRIGGER_TYPE_)',
    ],
  ])("answers 400 naming the field for %j", async (body, message) => {
    const answer = await suite.api.post("/api/v1/search/automations", body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });
});
