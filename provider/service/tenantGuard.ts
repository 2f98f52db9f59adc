import { IdgovTenantError } from "../errors/object-errors";
import type { DecodedProps, Props } from "../engine";
import { resourceLabel } from "../engine/context";
import { TENANT_KEY, writeState } from "../engine/stateCodec";

/** The outputs with the tenant their object lives in recorded (nothing recorded when it is not known). */
export function withTenant(outputs: Props, tenant: string | undefined): Props {
  if (tenant !== undefined && Object.keys(outputs).length > 0) writeState(outputs, { [TENANT_KEY]: tenant });
  return outputs;
}

/**
 * Refuses, before any request, to `operation` an object whose state says it lives in another tenant than the one
 * the provider's settings now point at. A state without a recorded tenant, or settings that name none, pass.
 */
export function refuseOtherTenant(
  operation: string,
  kindName: string,
  id: string,
  state: DecodedProps,
  current: string | undefined,
): void {
  const recorded = state.state[TENANT_KEY];
  if (recorded === undefined || current === undefined || recorded === current) return;
  throw new IdgovTenantError(
    `${operation} ${kindName} ${resourceLabel(state.ownership, id)}: "${id}" lives in tenant ${recorded} (recorded in ` +
      `its state), but the idgov provider now points at ${current} (idgov:baseUrl, or IDGOV_BASE_URL when ` +
      `that is unset); nothing was sent to either tenant. To keep managing it, point the provider back at ` +
      `${recorded}. To move the stack's resources to ${current}: on the native provider, give ${recorded} as ` +
      `the provider's baseUrl, run pulumi up, then change baseUrl to ${current} (the next up replaces each ` +
      `resource: created in ${current}, deleted from ${recorded}); with the TypeScript classes, pulumi destroy ` +
      `while pointing at ${recorded}, then pulumi up pointing at ${current}. If ${current} is the same tenant ` +
      `at a new address, see "A tenant's new address" in docs/guides/several-tenants.md`,
    { kind: kindName, objectId: id, recordedTenant: recorded, currentTenant: current },
  );
}
