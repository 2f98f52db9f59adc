import { KIND_NAMES, type KindName } from "./names";

/** The prefix of the native provider's type and function tokens: `idgov:index:App`, `idgov:index:getApp`. */
export const NATIVE_TOKEN_PREFIX = "idgov:index:";

/** The prefix of the TypeScript dynamic classes' type tokens: `pulumi-nodejs:dynamic/idgov:App`. */
export const DYNAMIC_TOKEN_PREFIX = "pulumi-nodejs:dynamic/idgov:";

/** The type token of an explicit provider instance of the native provider (`new idgov.Provider(…)`, YAML `pulumi:providers:idgov`). */
export const PROVIDER_TYPE_TOKEN = "pulumi:providers:idgov";

/** A kind's type token through the native provider, `idgov:index:App`, and through the TypeScript classes. */
export type NativeTypeToken = `${typeof NATIVE_TOKEN_PREFIX}${KindName}`;
export type DynamicTypeToken = `${typeof DYNAMIC_TOKEN_PREFIX}${KindName}`;

/** Which door a resource of this package came through: the native provider or the TypeScript dynamic classes. */
export type Door = "native" | "dynamic";

/** The type token of `kind` through `door`: `idgov:index:App`, `pulumi-nodejs:dynamic/idgov:App`. */
export function typeTokenOf<K extends KindName>(kind: K, door: "native"): `${typeof NATIVE_TOKEN_PREFIX}${K}`;
export function typeTokenOf<K extends KindName>(
  kind: K,
  door: "dynamic",
): `${typeof DYNAMIC_TOKEN_PREFIX}${K}`;
export function typeTokenOf(kind: string, door: Door): string;
export function typeTokenOf(kind: string, door: Door): string {
  return `${door === "native" ? NATIVE_TOKEN_PREFIX : DYNAMIC_TOKEN_PREFIX}${kind}`;
}

/** The kind a type token of either door names, and the door; undefined for any other type (another package's). */
export function kindOfToken(type: string): { kind: KindName; door: Door } | undefined {
  const door: Door | undefined = type.startsWith(NATIVE_TOKEN_PREFIX)
    ? "native"
    : type.startsWith(DYNAMIC_TOKEN_PREFIX)
      ? "dynamic"
      : undefined;
  if (door === undefined) return undefined;
  const name = type.slice((door === "native" ? NATIVE_TOKEN_PREFIX : DYNAMIC_TOKEN_PREFIX).length);
  const kind = KIND_NAMES.find((candidate) => candidate === name);
  return kind === undefined ? undefined : { kind, door };
}

/** The golden-path components the native provider builds through `Construct` (provider/components/). */
export const COMPONENT_NAMES = ["GovernedApp", "TenantBaseline"] as const;

/** The name of a component: `GovernedApp`. */
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** A component's type token through the native provider: `idgov:index:GovernedApp`. */
export function componentTypeToken(name: ComponentName): `${typeof NATIVE_TOKEN_PREFIX}${ComponentName}` {
  return `${NATIVE_TOKEN_PREFIX}${name}`;
}

/** The component a type token names, or undefined for any other type. */
export function componentOfToken(type: string): ComponentName | undefined {
  if (!type.startsWith(NATIVE_TOKEN_PREFIX)) return undefined;
  const name = type.slice(NATIVE_TOKEN_PREFIX.length);
  return COMPONENT_NAMES.find((candidate) => candidate === name);
}
