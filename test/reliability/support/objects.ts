import { IdgovClient } from "../../../provider/client";
import { resolveProviderConfig } from "../../../provider/config";
import type { RunningEmulator } from "../../emulator";
import { EMULATOR_CREDENTIALS } from "../../resources/harness/emulatorApi";

type Json = Record<string, unknown>;

/** How to list every object of a kind that creates objects, and where its annotations are. */
const LISTINGS: Readonly<
  Record<string, { method: "GET" | "POST"; path: string; entity: (item: Json) => Json }>
> = {
  App: { method: "GET", path: "/api/v1/apps", entity: (item) => item },
  RequestCatalog: {
    method: "GET",
    path: "/api/v1/catalogs",
    entity: (item) => (item.requestCatalog ?? {}) as Json,
  },
  Automation: { method: "POST", path: "/api/v1/search/automations", entity: (item) => item },
};

/** The kinds whose objects {@link managedObjects} counts. */
export const CREATING_KINDS = Object.keys(LISTINGS);

/** One object in the emulator stamped by a workspace. */
export interface ManagedObject {
  readonly kind: string;
  readonly id: string;
  readonly address: string;
}

/** Every object of the creating kinds whose `iac_workspace` annotation names `workspace`. */
export async function managedObjects(emulator: RunningEmulator, workspace: string): Promise<ManagedObject[]> {
  const config = resolveProviderConfig(
    { get: (key) => ({ "idgov:baseUrl": emulator.url, ...prefixed(EMULATOR_CREDENTIALS) })[key] },
    {},
  );
  const client = new IdgovClient(config);
  const found: ManagedObject[] = [];
  try {
    for (const [kind, listing] of Object.entries(LISTINGS)) {
      const items = client.paginate<Json>({
        method: listing.method,
        path: listing.path,
        itemsKey: "list",
        pageSize: 100,
      });
      for await (const item of items) {
        const entity = listing.entity(item);
        const annotations = (entity.annotations ?? {}) as Record<string, string>;
        if (annotations.iac_workspace !== workspace) continue;
        found.push({ kind, id: String(entity.id), address: annotations.iac_resource_address ?? "" });
      }
    }
  } finally {
    await client.close();
  }
  return found;
}

function prefixed(credentials: { clientId: string; clientSecret: string }): Record<string, string> {
  return { "idgov:clientId": credentials.clientId, "idgov:clientSecret": credentials.clientSecret };
}

/** How many objects a run left, and how many of them share a resource address with another. */
export function objectFigures(objects: readonly ManagedObject[]): {
  objectsCreated: number;
  duplicatesFound: number;
} {
  const addresses = new Set(objects.map((object) => object.address));
  return { objectsCreated: objects.length, duplicatesFound: objects.length - addresses.size };
}
