import type { RunningEmulator } from "../../../emulator";
import { outOfBand } from "../../../testkit/emulatorApi";

/** An object of the tenant whose ownership stamp names a Pulumi stack. */
export interface ManagedObject {
  kind: "App" | "RequestCatalog";
  id: string;
  /** Its `iac_resource_address` stamp: the URN of the resource managing it. */
  address: string;
}

type Annotated = { id: string; annotations?: Record<string, string> };

/** Every item of a paged list endpoint (`{list, nextPageToken}`). */
async function listAll(tenant: RunningEmulator, path: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let token = "";
  do {
    const query = new URLSearchParams({ page_size: "100", ...(token ? { page_token: token } : {}) });
    const page = await outOfBand(tenant, "GET", `${path}?${query}`);
    items.push(...((page.list as Record<string, unknown>[] | undefined) ?? []));
    token = (page.nextPageToken as string | undefined) ?? "";
  } while (token);
  return items;
}

/**
 * The apps and request catalogs of a tenant stamped as managed by the given Pulumi workspace
 * (`organization/<project>/<stack>`), as someone auditing the tenant would list them.
 */
export async function managedObjects(tenant: RunningEmulator, workspace: string): Promise<ManagedObject[]> {
  const apps = (await listAll(tenant, "/api/v1/apps")) as Annotated[];
  const catalogs = (await listAll(tenant, "/api/v1/catalogs")).map(
    (view) => (view as { requestCatalog: Annotated }).requestCatalog,
  );
  const stamped = (kind: ManagedObject["kind"], objects: Annotated[]) =>
    objects
      .filter((object) => object.annotations?.managed_by === "pulumi")
      .filter((object) => object.annotations?.iac_workspace === workspace)
      .map((object) => ({ kind, id: object.id, address: object.annotations?.iac_resource_address ?? "" }));
  return [...stamped("App", apps), ...stamped("RequestCatalog", catalogs)];
}
