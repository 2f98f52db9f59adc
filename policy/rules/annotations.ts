import { KIND_FACTS, type KindName } from "../../provider/kinds/public";
import { cannotJudge, readField, type Rule } from "../rule";

const ANNOTATED: KindName[] = Object.values(KIND_FACTS)
  .filter((kind) => kind.annotations)
  .map((kind) => kind.name);

/** `idgov-required-annotations`: every object carries each of the required annotation keys. */
export const requiredAnnotations: Rule = {
  name: "idgov-required-annotations",
  description:
    "Every object that carries annotations has each key of `keys` in its `annotations`, with a value.",
  reason:
    "Annotations are how the tenant records who owns an object and why it exists (spec 2.1); a key every team " +
    "must set (an owning team, a cost centre) is only useful when no object lacks it.",
  kinds: ANNOTATED,
  fields: Object.fromEntries(ANNOTATED.map((kind) => [kind, ["annotations"]])),
  parameters: {
    keys: { type: "array", description: "The annotation keys every object must carry.", default: [] },
  },
  judge({ props }, config) {
    const keys = Array.isArray(config.keys) ? (config.keys as unknown[]).map(String) : [];
    if (keys.length === 0) return [];
    const annotations = readField(props, "annotations");
    if (!annotations.known) return [cannotJudge("annotations", this.name)];
    const present = (annotations.value ?? {}) as Record<string, unknown>;
    return keys.flatMap((key) => {
      const value = readField(present, key);
      if (!value.known) return [cannotJudge(`annotations.${key}`, this.name)];
      if (typeof value.value === "string" && value.value !== "") return [];
      return [
        {
          property: `annotations.${key}`,
          problem: `is missing, and ${this.name} asks every object to carry it`,
          comply: `add ${JSON.stringify(key)} with a value to annotations`,
        },
      ];
    });
  },
};
