import { StatusError } from "../service/statusError";
import { type KindDeclaration, kindNamed } from "../kinds";
import { NATIVE_TOKEN_PREFIX } from "../kinds/tokens";

/** The type token of a call: its own field, or the URN's type (`urn:pulumi:s::p::idgov:index:App::name`). */
export function typeOf(call: { type: string; urn: string }): string {
  return call.type || (call.urn.split("::")[2]?.split("$").pop() ?? "");
}

/** The kind a type token names: `idgov:index:App` is App. */
export function kindOfType(type: string): KindDeclaration {
  if (!type.startsWith(NATIVE_TOKEN_PREFIX))
    throw new StatusError(`unknown resource type "${type}"`, "INVALID_ARGUMENT");
  return kindNamed(type.slice(NATIVE_TOKEN_PREFIX.length));
}

/** The lookup name a function token names (`idgov:index:getApp` is `getApp`); undefined for another token. */
export function lookupNameOf(token: string): string | undefined {
  return token.startsWith(NATIVE_TOKEN_PREFIX) ? token.slice(NATIVE_TOKEN_PREFIX.length) : undefined;
}
