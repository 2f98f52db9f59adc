import type { ResourceKind } from "../provider/engine";
import { appKind } from "./App";

const kinds: Readonly<Record<string, ResourceKind>> = {
  App: appKind,
};

/** The declaration of a kind, by its type name. */
export function kindNamed(name: string): ResourceKind {
  const kind = kinds[name];
  if (!kind) throw new Error(`unknown pulumi-idgov resource kind "${name}"`);
  return kind;
}
