import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CONFIG_KEYS } from "../../provider/client/configKeys";
import { writeOnlyPaths } from "../../provider/engine/writeOnly";
import { KINDS } from "../../provider/kinds";
import { LOOKUPS } from "../../provider/service/lookupTable";
import { jsonSchemaOf, type JsonSchema } from "../../provider/native/schemaTypes";
import * as publicLookups from "../../resources/lookups";
import { NativePlugin } from "../../testkit/nativePlugin";

let plugin: NativePlugin;
let schema: Record<string, any>;
beforeAll(async () => {
  plugin = await NativePlugin.start();
  schema = await plugin.schema();
});
afterAll(() => plugin?.stop());

const token = (name: string) => `idgov:index:${name}`;

/** Follows a `$ref` to the named type it points at. */
function resolved(spec: Record<string, any>): Record<string, any> {
  const ref = spec.$ref as string | undefined;
  return ref?.startsWith("#/types/")
    ? (schema.types[ref.slice("#/types/".length)] as Record<string, any>)
    : spec;
}

/** Whether a schema property has the type a JSON Schema of the input declares. */
function sameType(json: JsonSchema, spec: Record<string, any>): boolean {
  const target = resolved(spec);
  const variants = (json.anyOf ?? []).filter((variant) => variant.type !== "null");
  if (variants.length === 1) return sameType(variants[0] as JsonSchema, spec);
  if (variants.length > 1) return spec.$ref === "pulumi.json#/Any";
  switch (json.type) {
    case "string":
      return (
        target.type === "string" &&
        (target.enum === undefined ||
          (json.enumMembers ?? []).every((m) => target.enum.some((e: any) => e.value === m)))
      );
    case "integer":
    case "number":
    case "boolean":
      return target.type === json.type;
    case "array":
      return target.type === "array" && (json.items === undefined || sameType(json.items, target.items));
    case "object":
      if (json.properties) {
        return Object.entries(json.properties).every(
          ([name, inner]) => target.properties?.[name] && sameType(inner, target.properties[name]),
        );
      }
      return target.type === "object" || target.$ref === "pulumi.json#/Any";
    default:
      return target.$ref === "pulumi.json#/Any";
  }
}

describe("the native provider's schema, generated from the declarations", () => {
  it("names the package and the language packages SDKs are generated for", () => {
    expect(schema).toMatchObject({
      name: "idgov",
      language: {
        nodejs: { packageName: "@pulumi-idgov/idgov" },
        python: { packageName: "pulumi_idgov" },
        go: { importBasePath: "github.com/pulumi-idgov/pulumi-idgov/sdk/go/idgov" },
      },
    });
  });

  it("has every provider setting as a provider input named as its stack config key, secrets secret", () => {
    for (const info of CONFIG_KEYS) {
      expect(schema.provider.inputProperties[info.name], info.name).toMatchObject({ type: info.type });
      expect(schema.config.variables[info.name], info.name).toBeDefined();
      expect(schema.provider.inputProperties[info.name].secret ?? false, info.name).toBe(info.secret);
    }
    expect(schema.provider.inputProperties).toMatchObject({
      maxInFlight: { type: "integer" },
      allowUnlistedMembers: { type: "boolean" },
      clientSecret: { type: "string", secret: true },
    });
    expect(Object.keys(schema.provider.inputProperties).sort()).toEqual(
      CONFIG_KEYS.map((info) => info.name).sort(),
    );
  });

  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    "declares %s with every input, output and secret",
    (name, kind) => {
      const resource = schema.resources[token(name)];
      expect(resource).toBeDefined();
      const json = jsonSchemaOf(kind.inputSchema, "input");
      const inputs = Object.entries(json.properties ?? {});
      expect(inputs.filter(([field]) => field.startsWith("__"))).toEqual([]);
      expect(Object.keys(resource.inputProperties).sort()).toEqual(inputs.map(([field]) => field).sort());
      for (const [field, fieldJson] of inputs) {
        expect(sameType(fieldJson, resource.inputProperties[field]), `${name}.${field}`).toBe(true);
      }
      const answered = jsonSchemaOf(z.object(kind.outputShape), "output").properties ?? {};
      for (const output of kind.outputs) {
        expect(resource.properties, `${name} output ${output}`).toHaveProperty(output);
        const json = output in resource.inputProperties ? undefined : answered[output];
        if (json) expect(sameType(json, resource.properties[output]), `${name} output ${output}`).toBe(true);
      }
      for (const output of kind.secretOutputs)
        expect(resource.properties[output].secret, `${name}.${output}`).toBe(true);
      for (const secretPath of writeOnlyPaths(kind.fields)) {
        const [top, field] = secretPath.split(".") as [string, string];
        expect(
          resolved(resource.inputProperties[top]).properties[field].secret,
          `${name}.${secretPath}`,
        ).toBe(true);
      }
    },
  );

  it("has a function for every lookup the TypeScript door exports", () => {
    const exported = Object.entries(publicLookups)
      .filter(
        ([name, value]) =>
          typeof value === "function" && !name.endsWith("Output") && name !== "programConfigSource",
      )
      .map(([name]) => name);
    expect(LOOKUPS.map((lookup) => lookup.name).sort()).toEqual(exported.sort());
    for (const lookup of LOOKUPS)
      expect(schema.functions[token(lookup.name)], lookup.name).toHaveProperty("outputs");
  });

  it("declares enumerations as named enums with descriptions", () => {
    expect(schema.types[token("TriggerType")]).toMatchObject({
      type: "string",
      description: expect.stringContaining("TRIGGER_TYPE_"),
      enum: expect.arrayContaining([{ name: "Webhook", value: "TRIGGER_TYPE_WEBHOOK" }]),
    });
  });

  it("is what pulumi-idgov schema prints", () => {
    const cli = path.resolve(__dirname, "../../dist/provider/cli/main.js");
    expect(JSON.parse(execFileSync(process.execPath, [cli, "schema"], { encoding: "utf8" }))).toEqual(schema);
  });
});
