import { describe, expect, it } from "vitest";
import { COMPONENTS, planComponent } from "../../../provider/components";
import { COMPONENT_NAMES, componentTypeToken } from "../../../provider/kinds/tokens";
import { packageSchema } from "../../../provider/native/schema";
import { packViolations } from "./pack";

const EVERY_COMPONENT = Object.values(COMPONENTS).map((component) => [component.name, component] as const);

describe("every component: compliant by construction, and in the schema as a component", () => {
  it("declares every component name, and no other", () => {
    expect(Object.keys(COMPONENTS).sort()).toEqual([...COMPONENT_NAMES].sort());
  });

  it.each(EVERY_COMPONENT)(
    "%s: the children of its reference example pass every rule of the shipped pack, and each output names one of them by its kind",
    (_, component) => {
      const { children, failures } = planComponent(component, "example", component.example.inputs);
      expect(failures).toEqual([]);
      expect(children.length).toBeGreaterThan(0);
      expect(packViolations(children)).toEqual([]);
      for (const [name, output] of Object.entries(component.outputs)) {
        const child = children.find((candidate) => candidate.role === output.role);
        if (output.optional && child === undefined) continue;
        expect(child?.kind, name).toBe(output.kind);
      }
    },
  );

  it.each(EVERY_COMPONENT)(
    "%s: the schema marks it a component, with every input and output, its required inputs and outputs",
    (name, component) => {
      const resource = packageSchema().resources[componentTypeToken(name)] as {
        isComponent: boolean;
        inputProperties: Record<string, unknown>;
        requiredInputs: string[];
        properties: Record<string, unknown>;
        requiredOutputs: string[];
      };
      expect(resource.isComponent).toBe(true);
      expect(Object.keys(resource.inputProperties)).toEqual(Object.keys(component.inputs));
      expect(resource.requiredInputs).toEqual(
        Object.entries(component.inputs).flatMap(([input, spec]) => (spec.required ? [input] : [])),
      );
      expect(Object.keys(resource.properties)).toEqual(Object.keys(component.outputs));
      expect(resource.requiredOutputs).toEqual(
        Object.entries(component.outputs).flatMap(([output, spec]) => (spec.optional ? [] : [output])),
      );
    },
  );
});
