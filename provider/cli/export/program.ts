import { kindNamed } from "../../kinds";
import { adoptsById, type ExportKind, type ExportedObject, settingsNameOf } from "./kinds";
import { kebabOf, type ObjectNames } from "./names";
import { Expression, tsLiteral } from "./tsLiteral";
import type { Json } from "../../schemas/primitives";

/** Above this many resources the program is written one file per kind, imported by `index.ts`. */
export const SPLIT_ABOVE = 40;

/**
 * The file of a kind's resources in a split program: `settings` for every settings singleton, else the kind's name in
 * lower camel case, plural (`apps`, `accessReviewScopes`).
 */
function fileOfKind(kind: ExportKind): string {
  if (settingsNameOf(kind) !== undefined) return "settings";
  return `${kind.charAt(0).toLowerCase()}${kind.slice(1)}s`;
}

/** A config key the program reads with `config.requireSecret`, and what it holds. */
export interface SecretKey {
  readonly key: string;
  readonly what: string;
}

/** One resource to declare. */
export interface Declaration {
  readonly object: ExportedObject;
  readonly names: ObjectNames;
  /** Declared with `allowTakeover` commented out: another tool or workspace manages it. */
  readonly takeover: boolean;
  /** Declared with `protect: true`, as `pulumi import` does: `pulumi destroy` fails rather than delete it. */
  readonly protect: boolean;
}

/** The config key of a write-only secret: `<resource>-<field>`, e.g. `generic-oidc-oidc-client-secret`. */
export function secretKeyOf(resource: string, path: string): string {
  return `${resource}-${kebabOf(path.split(".").pop() ?? path)}`;
}

/** The variables of exported apps, by app id, that other declarations refer to. */
type AppVariables = ReadonlyMap<string, string>;

function appRef(appId: unknown, apps: AppVariables): unknown {
  const variable = typeof appId === "string" ? apps.get(appId) : undefined;
  return variable === undefined ? appId : new Expression(`${variable}.id`);
}

function withAppRefs(list: unknown, apps: AppVariables): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item: Json) => ({ ...item, appId: appRef(item.appId, apps) }));
}

/** Writes the value at `path` of `args` as `unlisted("…")`: a member pulumi-idgov does not list. */
function markUnlisted(args: Json, path: readonly PropertyKey[]): void {
  const parent = path.slice(0, -1).reduce<unknown>((value, key) => (value as Json)?.[key as string], args);
  const last = path.at(-1) as string;
  const member = (parent as Json | undefined)?.[last];
  if (typeof member === "string")
    (parent as Json)[last] = new Expression(`unlisted(${JSON.stringify(member)})`);
}

/** The Args as written: ids of exported apps as references, secrets read from config. */
function writtenArgs(declaration: Declaration, apps: AppVariables): Json {
  const { object, names } = declaration;
  const args: Json = structuredClone(object.args);
  for (const path of object.unlistedPaths) markUnlisted(args, path);
  if ("appId" in args) args.appId = appRef(args.appId, apps);
  // A catalog's bundled entitlements, a campaign's selected ones.
  for (const key of ["accessEntitlements", "entitlements"]) {
    if (key in args) args[key] = withAppRefs(args[key], apps);
  }
  for (const path of object.secretPaths) {
    const [member, field] = path.split(".") as [string, string | undefined];
    const key = secretKeyOf(names.resource, path);
    const secret = new Expression(`config.requireSecret(${JSON.stringify(key)})`);
    if (field === undefined) args[member] = secret;
    else args[member] = { ...(args[member] as Json), [field]: secret };
  }
  return args;
}

/** The first members of a resource's Args: the object it adopts. */
function adoptionArgs(object: ExportedObject): Json {
  if (!adoptsById(object.kind)) return {};
  return { adoptId: object.id };
}

function declarationText(declaration: Declaration, apps: AppVariables, exported: boolean): string {
  const { object, names } = declaration;
  const args = { ...adoptionArgs(object), ...writtenArgs(declaration, apps) };
  const notes: string[] = [];
  if (declaration.takeover) {
    notes.push(`// Managed elsewhere (${object.managedElsewhere}): uncomment allowTakeover to take it over.`);
  }
  if (object.hasWebhook) {
    notes.push("// Its webhook secrets were answered only to its create: they cannot be exported.");
  }
  let body = tsLiteral(args);
  if (declaration.takeover) body = body.replace(/\n}$/, "\n  // allowTakeover: true,\n}");
  const keyword = exported ? "export const" : "const";
  const options = declaration.protect ? ", { protect: true }" : "";
  const statement = `${keyword} ${names.variable} = new ${object.kind}(${JSON.stringify(names.resource)}, ${body}${options});`;
  return [...notes, statement].join("\n");
}

/** The program's files by name (`index.ts`, and one file per kind when large). */
export function programFiles(declarations: readonly Declaration[], header: string): Map<string, string> {
  const apps = new Map(
    declarations
      .filter(({ object }) => kindNamed(object.kind).isApp === true)
      .map(({ object, names }) => [object.id, names.variable]),
  );
  const split = declarations.length > SPLIT_ABOVE;
  const groups = new Map<string, Declaration[]>();
  for (const declaration of declarations) {
    const file = split ? fileOfKind(declaration.object.kind) : "index";
    groups.set(file, [...(groups.get(file) ?? []), declaration]);
  }
  const appFile = split ? "./apps" : undefined;
  const files = new Map<string, string>();
  for (const [file, group] of groups) {
    const kinds = [...new Set(group.map(({ object }) => object.kind))].sort();
    const unlisted = group.some(({ object }) => object.unlistedPaths.length > 0) ? ["unlisted"] : [];
    const imports = [`import { ${[...kinds, ...unlisted].join(", ")} } from "pulumi-idgov";`];
    const usesSecrets = group.some(({ object }) => object.secretPaths.length > 0);
    if (usesSecrets) imports.unshift('import * as pulumi from "@pulumi/pulumi";');
    const texts = group.map((declaration) => declarationText(declaration, apps, split));
    const usedApps = [...apps.values()].filter((variable) => {
      const reference = new RegExp(`(^|[^\\w$])${variable}\\.id\\b`);
      return file !== "apps" && texts.some((text) => reference.test(text));
    });
    if (appFile && usedApps.length > 0) imports.push(`import { ${usedApps.join(", ")} } from "${appFile}";`);
    const config = usesSecrets ? ["", "const config = new pulumi.Config();"] : [];
    const text = [header, ...imports, ...config, "", texts.join("\n\n"), ""].join("\n");
    files.set(`${file}.ts`, text);
  }
  if (split) {
    const imports = [...groups.keys()].map((file) => `import "./${file}";`);
    files.set("index.ts", [header, ...imports, ""].join("\n"));
  }
  if (!files.has("index.ts")) files.set("index.ts", `${header}\nexport {};\n`);
  return files;
}
