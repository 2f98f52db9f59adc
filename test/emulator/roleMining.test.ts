import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

interface Suggestion {
  id: string;
  suggestedName: string;
  description: string;
  suggestionState: string;
  confidence: number;
  cohortFilters: { attribute: string; values: string[] }[];
}

const SEARCH = "/api/v1/search/role-mining/suggestions";

/** Every suggestion the search finds, following nextPageToken with pages of 10. */
async function search(filters: Record<string, unknown>): Promise<Suggestion[]> {
  const found: Suggestion[] = [];
  let pageToken = "";
  do {
    const answer = await suite.api.post(SEARCH, { ...filters, pageSize: 10, pageToken });
    expect(answer.status).toBe(200);
    found.push(...answer.body.list);
    pageToken = answer.body.nextPageToken;
  } while (pageToken !== "");
  return found;
}

async function searchIds(filters: Record<string, unknown>): Promise<string[]> {
  return (await search(filters)).map((suggestion) => suggestion.id).sort();
}

const ids = (...numbers: number[]) => numbers.map((number) => `rms-${String(number).padStart(3, "0")}`);

describe("role-mining search", () => {
  it("answers every suggestion once, most confident first, in pages of 10", async () => {
    const all = await search({});
    expect(all).toHaveLength(SEED.roleMining.count);
    expect(new Set(all.map((suggestion) => suggestion.id)).size).toBe(SEED.roleMining.count);
    const confidences = all.map((suggestion) => suggestion.confidence);
    expect(confidences).toEqual([...confidences].sort((left, right) => right - left));
    expect(all[0]?.id).toBe("rms-020");
  });

  it("serves suggestions in every state, one of them a state the spec does not list", async () => {
    const states = new Set((await search({})).map((suggestion) => suggestion.suggestionState));
    expect([...states].sort()).toEqual([...SEED.roleMining.states].sort());
  });

  it.each([
    ["NEW", ["SUGGESTION_STATE_NEW"], ids(1, 6, 11, 16, 21, 26)],
    ["the unlisted SUPERSEDED", ["SUGGESTION_STATE_SUPERSEDED"], ids(5, 10, 15, 20, 25, 30)],
    [
      "DISMISSED and ACCEPTED",
      ["SUGGESTION_STATE_DISMISSED", "SUGGESTION_STATE_ACCEPTED"],
      ids(2, 3, 7, 8, 12, 13, 17, 18, 22, 23, 27, 28),
    ],
  ])("states %s keeps the suggestions in those states", async (_name, states, expected) => {
    expect(await searchIds({ states })).toEqual(expected);
  });

  it.each([
    ["EXACT", ["ACCESS_PROFILE_MATCH_TYPE_EXACT"], ids(1, 5, 13, 17, 25, 29)],
    ["the unlisted SUBSET", ["ACCESS_PROFILE_MATCH_TYPE_SUBSET"], ids(4, 8, 16, 20, 28)],
  ])(
    "matchTypes %s keeps suggestions with a profile match of that type",
    async (_name, matchTypes, expected) => {
      expect(await searchIds({ matchTypes })).toEqual(expected);
    },
  );

  it("cohortTypes keeps suggestions with a cohort filter on that attribute, in any case", async () => {
    const expected = ids(2, 3, 8, 12, 13, 18, 22, 23, 28);
    expect(await searchIds({ cohortTypes: ["jobTitle"] })).toEqual(expected);
    expect(await searchIds({ cohortTypes: ["JOBTITLE"] })).toEqual(expected);
  });
});

describe("role-mining search: query (rule 6)", () => {
  it("matches a word of suggestedName only, in any case", async () => {
    const found = await search({ query: "DIRECTS" });
    expect(found.map((suggestion) => suggestion.id).sort()).toEqual(ids(5, 15, 25));
    expect(found.every((suggestion) => !/directs/i.test(suggestion.description))).toBe(true);
  });

  it("matches a word of the description only", async () => {
    const found = await search({ query: "quarterly" });
    expect(found.map((suggestion) => suggestion.id).sort()).toEqual(ids(3, 13, 23));
    expect(found.every((suggestion) => !/quarterly/i.test(suggestion.suggestedName))).toBe(true);
  });

  it("matches a cohort filter value that appears nowhere else", async () => {
    const found = await search({ query: "berlin" });
    expect(found.map((suggestion) => suggestion.id).sort()).toEqual(ids(7, 17, 27));
    expect(found.map((suggestion) => suggestion.cohortFilters)).toEqual(
      Array.from({ length: 3 }, () => [{ attribute: "location", values: ["Berlin"] }]),
    );
    expect(
      found.every((suggestion) => !/berlin/i.test(`${suggestion.suggestedName} ${suggestion.description}`)),
    ).toBe(true);
  });

  it("does not match cohort filter attribute names", async () => {
    expect(await searchIds({ query: "location" })).toEqual([]);
  });

  it("combines the query with the other filters", async () => {
    expect(await searchIds({ query: "engineer", states: ["SUGGESTION_STATE_DISMISSED"] })).toEqual(
      ids(2, 12, 22),
    );
  });
});

describe("role-mining search: validation and paging", () => {
  it.each([
    [
      { states: ["NEW"] },
      'invalid body: states[0]: unknown value "NEW" (expected a value starting with SUGGESTION_STATE_)',
    ],
    [
      { matchTypes: ["EXACT"] },
      'invalid body: matchTypes[0]: unknown value "EXACT" (expected a value starting with ACCESS_PROFILE_MATCH_TYPE_)',
    ],
    [{ cohortTypes: "department" }, "invalid body: cohortTypes: expected array"],
    [{ runId: "run-1" }, "invalid body: runId: unrecognized field"],
    [{ pageToken: "not-a-token!" }, 'invalid pageToken "not-a-token!"'],
  ])("answers 400 naming the field for %j", async (body, message) => {
    const answer = await suite.api.post(SEARCH, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message, details: [] });
  });

  it("answers 25 suggestions and a token when no page size is set", async () => {
    const answer = await suite.api.post(SEARCH, {});
    expect(answer.body.list).toHaveLength(25);
    expect(answer.body.nextPageToken).not.toBe("");
  });
});
