import { IdgovError } from "../errors/idgov-error";
import type { ComponentFailure } from "./compliance";

/**
 * Inputs a component refuses before any child is made, the same from either door: the plugin answers it as Pulumi's
 * `InputPropertiesError` (the CLI prints each property under the message), the TypeScript component throws it with
 * the properties listed in its message (`listed`), as the CLI prints them.
 */
export class ComponentInputError extends IdgovError {
  constructor(
    readonly component: string,
    readonly failures: readonly ComponentFailure[],
    listed = false,
  ) {
    const count = `${failures.length} input${failures.length === 1 ? "" : "s"}`;
    const head = `${component} refused ${count} before any request (the policy pack's rules and its children's checks)`;
    const lines = failures.map((failure) => `\n    - property ${failure.property}: ${failure.reason}`);
    super(listed ? [head, ...lines].join("") : head);
  }
}
