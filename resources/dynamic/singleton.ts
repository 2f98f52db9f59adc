import * as pulumi from "@pulumi/pulumi";
import {
  duplicateSingletonMessage as duplicateMessage,
  IdgovDeclarationError,
} from "../../provider/errors/declaration-error";

/** Names of the singletons declared so far, per program run (a run has its own resource monitor). */
const declared = new WeakMap<object, Map<string, string[]>>();
const outsideAnyRun = {};

/**
 * Records the declaration of a singleton. A second declaration throws; the first one fails too, through the input
 * this answers (the `singletonCheck` prop, resolved once the program's declarations of this turn are done, to
 * nothing), so neither is registered and nothing reaches the service.
 */
export function declareSingleton(kind: string, name: string): { singletonCheck: pulumi.Output<undefined> } {
  const run = pulumi.runtime.getMonitor() ?? outsideAnyRun;
  const byKind = declared.get(run) ?? new Map<string, string[]>();
  declared.set(run, byKind);
  const names = byKind.get(kind) ?? [];
  byKind.set(kind, names);
  names.push(name);
  if (names.length > 1) throw new IdgovDeclarationError(kind, duplicateMessage(kind, names));
  const unique = new Promise<boolean>((resolve, reject) =>
    setImmediate(() =>
      names.length > 1
        ? reject(new IdgovDeclarationError(kind, duplicateMessage(kind, names)))
        : resolve(true),
    ),
  );
  return { singletonCheck: pulumi.output(unique).apply(() => undefined) };
}
