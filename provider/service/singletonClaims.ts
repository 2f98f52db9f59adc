import { duplicateSingletonMessage } from "../errors/declaration-error";
import type { CheckFailure, Ownership } from "../engine";
import type { KindDeclaration } from "../kinds";

/** The resource name at the end of a URN (`…::idgov:index:SsoSettings::sso` → `sso`). */
function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * Which resources of each stack declare each settings singleton, as the plugin's `Check`s saw them. A plugin process
 * serves one provider, so one tenant, for one command, and the engine checks every resource before it writes it: a
 * second resource of the same stack declaring the same singleton is refused, naming both, where otherwise both would
 * write the one object and every run would show the other's values as drift. (The dynamic classes refuse it in the
 * program: resources/dynamic/singleton.ts.)
 */
export class SingletonClaims {
  private readonly claims = new Map<string, string[]>();

  /** The failure of declaring `kind`'s singleton at `ownership`'s address, when another resource of the stack has. */
  claim(kind: KindDeclaration, ownership: Ownership): CheckFailure | undefined {
    if (kind.listing !== "singleton") return undefined;
    const key = `${ownership.workspace}\n${kind.name}`;
    const urns = this.claims.get(key) ?? [];
    this.claims.set(key, urns);
    if (!urns.includes(ownership.resourceAddress)) urns.push(ownership.resourceAddress);
    if (urns.length === 1) return undefined;
    return { property: "", reason: duplicateSingletonMessage(kind.name, urns.map(nameOf)) };
  }
}
