/**
 * The user ids a component hands to the service (the App's owners), judged before any child is registered.
 *
 * The service's contract offers no read that lists its users, nor its grant, revoke and certify policies: its one
 * user listing, `GET /api/v1/apps/{app_id}/owners`, is the owners of an app that exists, and its policy reads are
 * session and credential-inventory policies, other objects. So no owner or policy id can be proven to exist before a
 * write. What is refused here is an owner that cannot be one (not an id, or listed twice); an empty policy id is the
 * policy pack's (idgov-app-approval); an id the tenant does not know is refused by the service at the App's create,
 * under the same field (`owners[1]`), with the lookup (provider/kinds/appReferences.ts), and the children made before
 * it stay in the stack.
 */
import { UNKNOWN } from "../engine";
import { OWNERS_HINT } from "../kinds/appReferences";
import type { ComponentFailure } from "./compliance";

/** What cannot be a user id among `owners`; values not yet known are left to the service. */
export function referenceFailures(inputs: Readonly<Record<string, unknown>>): ComponentFailure[] {
  const owners = inputs.owners;
  if (!Array.isArray(owners)) return [];
  const failures: ComponentFailure[] = [];
  const seen = new Map<string, number>();
  owners.forEach((owner: unknown, index) => {
    if (owner === UNKNOWN) return;
    const property = `owners[${index}]`;
    if (typeof owner !== "string" || owner.trim() === "") {
      failures.push({ property, reason: `${JSON.stringify(owner)} is not a user id (${OWNERS_HINT})` });
      return;
    }
    const first = seen.get(owner);
    if (first === undefined) seen.set(owner, index);
    else failures.push({ property, reason: `"${owner}" is owners[${first}] again: list each owner once` });
  });
  return failures;
}
