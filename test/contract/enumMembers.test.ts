import { describe, expect, it } from "vitest";
import * as enums from "../../provider/schemas/enums";
import { wire, type WireNode } from "./wireAnswers";

/** Every enumeration of the document, as its member lists (one per field that carries it). */
const documentEnums: (readonly string[])[] = [];
(function collect(node: unknown): void {
  if (node === null || typeof node !== "object") return;
  const members = (node as WireNode).enum;
  if (members !== undefined) documentEnums.push(members);
  for (const child of Object.values(node)) collect(child);
})(wire.schemas);

const lists = Object.entries(enums as Record<string, unknown>).filter(
  (entry): entry is [string, readonly string[]] => Array.isArray(entry[1]),
);

describe("the package's enumeration member lists (provider/schemas/enums.ts)", () => {
  it("cover the document's enumerations", () => {
    expect(lists.length).toBeGreaterThan(40);
  });

  it.each(lists)("%s lists exactly the members wire-schemas.json gives its enumeration", (_name, members) => {
    // The document repeats an enumeration on every field that carries it, once in a narrower form (a request's
    // grant source filter): the members of all of them together, in the document's order.
    const carriers = documentEnums.filter((candidate) => candidate[0] === members[0]);
    expect(carriers.length).toBeGreaterThan(0);
    const union = [...new Set(carriers.flat())];
    expect(members).toEqual(union);
  });
});
