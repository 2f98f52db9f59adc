/**
 * The Pulumi package schema of `idgov`, generated from the kind declarations, the lookups and the provider's
 * settings table: never written by hand. `pulumi-idgov schema` prints it; the plugin answers it to `GetSchema`.
 */
import { CONFIG_KEYS, writeOnlyPaths } from "../service/codecSupport";
import { z } from "zod";
import { FIELD_DESCRIPTIONS, KINDS, type KindDeclaration, type KindName } from "../kinds";
import { packageManifest, packageVersion, pluginDownloadUrl } from "../version";
import { listInputsOf } from "../service/listableKinds";
import { LOOKUPS, type LookupEntry } from "../service/lookupTable";
import { jsonSchemaOf, type PropertySpec, SchemaTypes } from "./schemaTypes";
import { COMPONENT_NAMES, componentTypeToken, NATIVE_TOKEN_PREFIX, typeTokenOf } from "../kinds/tokens";
import { COMPONENTS, type ComponentDeclaration, isChildField } from "../components";

/** The README of a generated SDK: what it is and how to get the plugin it drives. */
function sdkReadme(name: string): string {
  return [
    `# ${name}`,
    "",
    "The Pulumi SDK of package `idgov` (Identity Governance Service): apps, request catalogs, automations, tenant settings, auth configs, app resources and access-review scopes of a tenant, kept in code.",
    "",
    "It drives the provider plugin `pulumi-resource-idgov`, which the Pulumi CLI installs itself at this SDK's version on first use, from the release's download URL (`pulumi plugin install resource idgov <version> --server <url>` installs it ahead of time). The plugin runs on Node.js 20.18.1 or newer, found on PATH. An SDK of a newer major version than the plugin is refused with the version to install.",
    "",
    "Documentation: https://github.com/pulumi-idgov/pulumi-idgov#other-languages-generated-sdks",
    "",
  ].join("\n");
}

/**
 * Where SDKs generated from the schema are published, per language (`npm run gen:sdk` writes sdk/nodejs,
 * sdk/python, sdk/go and sdk/java; no .NET SDK). The SDKs carry the schema's
 * `pluginDownloadURL`, so the CLI installs the plugin of their version when neither PATH nor its cache has it.
 */
export const LANGUAGE = {
  nodejs: { packageName: "@pulumi-idgov/idgov", readme: sdkReadme("@pulumi-idgov/idgov") },
  python: {
    packageName: "pulumi_idgov",
    readme: sdkReadme("pulumi_idgov"),
    pyproject: { enabled: true },
    // The `pulumi` package the SDK requires (>= 3.231.0) installs on Python 3.10 and newer only.
    pythonRequires: ">=3.10",
  },
  go: {
    importBasePath: "github.com/pulumi-idgov/pulumi-idgov/sdk/go/idgov",
    generateResourceContainerTypes: true,
    // Every resource and invoke carries the SDK's version (the plugin refuses a newer major), as in nodejs and python.
    respectSchemaVersion: true,
  },
  java: { basePackage: "com.pulumiidgov" },
} as const;

const ANY: PropertySpec = { $ref: "pulumi.json#/Any" };

/** The schema type of a component's own input, by its declared type. */
const OWN_INPUT_TYPES: Readonly<Record<"string" | "map" | "list", PropertySpec>> = {
  string: { type: "string" },
  map: { type: "object", additionalProperties: { type: "string" } },
  list: { type: "array", items: { type: "string" } },
};

function configProperties(): Record<string, PropertySpec> {
  return Object.fromEntries(
    CONFIG_KEYS.map((info) => {
      const fallback = info.default === undefined ? "" : ` Default: ${info.default}.`;
      const description = `${info.description}${fallback} Read from the stack config key ${info.key}, else ${info.envVar}.`;
      return [info.name, { type: info.type, description, ...(info.secret ? { secret: true } : {}) }];
    }),
  );
}

/** A property's description: the declaration's for the field, then what the door adds. */
function describe(spec: PropertySpec, documented: string | undefined, extra = ""): PropertySpec {
  const text = [documented, spec.$ref === undefined ? spec.description : undefined, extra]
    .filter(Boolean)
    .join(" ");
  return text === "" ? spec : { ...spec, description: text };
}

function kindResource(types: SchemaTypes, kind: KindDeclaration<KindName>) {
  const documented = FIELD_DESCRIPTIONS[kind.name];
  const secretPaths = new Set(writeOnlyPaths(kind.fields));
  const isSecret = (path: string) => secretPaths.has(path);
  const json = jsonSchemaOf(kind.inputSchema, "input");
  const inputs = types.objectProperties(json, kind.name, "", isSecret);
  const inputProperties = Object.fromEntries(
    Object.entries(inputs.properties).map(([name, spec]) => {
      const required = kind.requiredUnlessAdopting.includes(name) ? "Required unless adoptId is set." : "";
      return [name, describe(spec, documented[name], required)];
    }),
  );
  const answered = types.objectProperties(
    jsonSchemaOf(z.object(kind.outputShape), "output"),
    kind.name,
    "",
    isSecret,
  );
  const properties: Record<string, PropertySpec> = { ...inputProperties };
  for (const name of [...kind.outputs, ...kind.secretOutputs]) {
    properties[name] ??= describe(answered.properties[name] ?? { ...ANY }, documented[name]);
  }
  for (const name of kind.secretOutputs) properties[name] = { ...properties[name], secret: true };
  const listInputs = listInputsOf(kind.name);
  return {
    description: kind.description,
    ...(listInputs ? { listInputs } : {}),
    inputProperties,
    ...(inputs.required ? { requiredInputs: inputs.required } : {}),
    properties,
  };
}

/**
 * A component's resource (`isComponent`): each input that sets a child's field has that field's type; its outputs are
 * its children's ids, and children's outputs with their types.
 */
function componentResource(
  component: ComponentDeclaration,
  kinds: Record<string, ReturnType<typeof kindResource>>,
) {
  const inputProperties = Object.fromEntries(
    Object.entries(component.inputs).map(([name, input]): [string, PropertySpec] => {
      if (!isChildField(input)) {
        const type: PropertySpec = OWN_INPUT_TYPES[input.type];
        return [name, { ...type, description: input.description }];
      }
      const field = kinds[typeTokenOf(input.child, "native")]?.inputProperties[input.field];
      if (!field) throw new Error(`${component.name}.${name}: ${input.child} has no input "${input.field}"`);
      return [name, { ...field, description: input.description }];
    }),
  );
  const required = Object.entries(component.inputs).flatMap(([name, input]) =>
    input.required ? [name] : [],
  );
  const outputs = Object.entries(component.outputs);
  return {
    isComponent: true,
    description: component.description,
    inputProperties,
    requiredInputs: required,
    properties: Object.fromEntries(
      outputs.map(([name, output]): [string, PropertySpec] => {
        if (output.field === undefined) return [name, { type: "string", description: output.description }];
        const field = kinds[typeTokenOf(output.kind, "native")]?.properties[output.field];
        if (!field)
          throw new Error(`${component.name}.${name}: ${output.kind} has no output "${output.field}"`);
        return [name, { ...field, description: output.description }];
      }),
    ),
    requiredOutputs: outputs.flatMap(([name, output]) => (output.optional ? [] : [name])),
  };
}

function lookupFunction(types: SchemaTypes, lookup: LookupEntry) {
  const name = pascalName(lookup.name);
  const never = () => false;
  const inputs = types.objectProperties(
    jsonSchemaOf(z.object(lookup.args), "input"),
    `${name}Args`,
    "",
    never,
  );
  const item = lookup.result
    ? types.typeOf(
        jsonSchemaOf(lookup.result, "output"),
        `${name}Result${lookup.list ? "Item" : ""}`,
        "",
        never,
      )
    : ANY;
  const outputs = lookup.list
    ? { properties: { items: { type: "array", items: item } }, required: ["items"] }
    : item.$ref?.startsWith("#/types/")
      ? objectOf(types, item.$ref)
      : { properties: { value: item } };
  return {
    description: lookup.description,
    ...(Object.keys(inputs.properties).length > 0 ? { inputs } : {}),
    outputs,
  };
}

/** A function answers an object: the properties of the named object type it would have referred to. */
function objectOf(types: SchemaTypes, ref: string) {
  const token = ref.slice("#/types/".length);
  const named = types.types[token];
  delete types.types[token];
  return named?.type === "object"
    ? { properties: named.properties, ...(named.required ? { required: named.required } : {}) }
    : { properties: {} };
}

function pascalName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The package schema, as an object. */
export function packageSchema() {
  const types = new SchemaTypes();
  const kinds = Object.fromEntries(
    KINDS.map((kind) => [`${NATIVE_TOKEN_PREFIX}${kind.name}`, kindResource(types, kind)]),
  );
  const resources = {
    ...kinds,
    ...Object.fromEntries(
      COMPONENT_NAMES.map((name) => [componentTypeToken(name), componentResource(COMPONENTS[name], kinds)]),
    ),
  };
  const functions = Object.fromEntries(
    LOOKUPS.map((lookup) => [`${NATIVE_TOKEN_PREFIX}${lookup.name}`, lookupFunction(types, lookup)]),
  );
  const manifest = packageManifest();
  const repository = manifest.repository?.url?.replace(/^git\+/, "").replace(/\.git$/, "");
  const settings = configProperties();
  const downloadUrl = pluginDownloadUrl(manifest);
  return {
    name: "idgov",
    displayName: "Identity Governance Service",
    version: packageVersion(),
    description:
      "Apps, request catalogs, automations, tenant settings, auth configs, app resources and access-review scopes of an Identity Governance Service tenant, kept in code.",
    keywords: ["pulumi", "idgov", "identity-governance", "category/utility"],
    ...(manifest.license ? { license: manifest.license } : {}),
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
    ...(repository ? { repository } : {}),
    ...(downloadUrl ? { pluginDownloadURL: downloadUrl } : {}),
    // supportPack: the generated SDKs carry the schema's version (not `${VERSION}`), Go a go.mod of its own.
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: settings },
    provider: {
      description:
        "The idgov provider: one tenant's address and credentials (an explicit provider per tenant).",
      inputProperties: settings,
      properties: Object.fromEntries(Object.entries(settings).filter(([, spec]) => !spec.secret)),
    },
    resources,
    functions,
    types: Object.fromEntries(Object.entries(types.types).sort(([a], [b]) => a.localeCompare(b))),
    language: LANGUAGE,
  };
}

let text: string | undefined;

/** The package schema as the JSON text `GetSchema` answers, made once. */
export function packageSchemaText(): string {
  return (text ??= JSON.stringify(packageSchema()));
}
