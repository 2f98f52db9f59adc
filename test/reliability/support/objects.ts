import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { SEED, type RunningEmulator } from "../../../emulator";
import { EMULATOR_CREDENTIALS } from "../../../testkit/emulatorApi";

type Json = Record<string, unknown>;

/** How to list every object of a kind, where its entity is in a list item, and how its Pulumi id is made. */
interface Listing {
  method: "GET" | "POST";
  path: string;
  entity: (item: Json) => Json;
  pulumiId?: (entity: Json) => string;
}

const { appId: repoApp, appResourceTypeId: repoType } = SEED.resourceType;
const SEEDED_AUTH_CONFIGS = new Set<string>(Object.values(SEED.authConfigs));

const LISTINGS: Readonly<Record<string, Listing>> = {
  App: { method: "GET", path: "/api/v1/apps", entity: (item) => item },
  RequestCatalog: {
    method: "GET",
    path: "/api/v1/catalogs",
    entity: (item) => (item.requestCatalog ?? {}) as Json,
  },
  Automation: { method: "POST", path: "/api/v1/search/automations", entity: (item) => item },
  AuthConfig: { method: "GET", path: "/api/v1/auth-configs", entity: (item) => item },
  AppResource: {
    method: "GET",
    path: `/api/v1/apps/${repoApp}/resource_types/${repoType}/resources`,
    entity: (item) => (item.appResource ?? {}) as Json,
    pulumiId: (entity) => [repoApp, repoType, String(entity.id)].join("/"),
  },
};

/** The kinds whose objects {@link managedObjects} counts. */
export const CREATING_KINDS = Object.keys(LISTINGS);

/** One object in the emulator made by a run. */
export interface ManagedObject {
  readonly kind: string;
  readonly id: string;
  readonly address: string;
}

/**
 * Whose an object is: the address its annotations name when they name `workspace`. Auth configs carry no
 * annotations (spec 2.3): every one that is not in the seed counts as made by the run, under its display name.
 */
function addressOf(kind: string, entity: Json, workspace: string): string | undefined {
  if (kind === "AuthConfig") {
    return SEEDED_AUTH_CONFIGS.has(String(entity.id)) ? undefined : String(entity.displayName);
  }
  const annotations = (entity.annotations ?? {}) as Record<string, string>;
  return annotations.iac_workspace === workspace ? (annotations.iac_resource_address ?? "") : undefined;
}

/**
 * Every object of the creating kinds a run of `workspace` made: those whose `iac_workspace` annotation names it
 * (app resources: of the seeded repository type), and every auth config that is not seeded.
 */
export async function managedObjects(emulator: RunningEmulator, workspace: string): Promise<ManagedObject[]> {
  const settings: Record<string, string> = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
    "idgov:clientSecret": EMULATOR_CREDENTIALS.clientSecret,
  };
  const client = new IdgovClient(resolveProviderConfig({ get: (key) => settings[key] }, {}));
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
        const address = addressOf(kind, entity, workspace);
        if (address === undefined) continue;
        found.push({ kind, id: listing.pulumiId ? listing.pulumiId(entity) : String(entity.id), address });
      }
    }
  } finally {
    await client.close();
  }
  return found;
}

/** The address {@link managedObjects} gives the object of a resource: its URN, or an auth config's display name. */
export function expectedAddress(kind: string, urn: string, program: Json): string {
  return kind === "AuthConfig" ? String(program.displayName) : urn;
}

/** How many objects a run left, and how many of them share a resource address with another. */
export function objectFigures(objects: readonly ManagedObject[]): {
  objectsCreated: number;
  duplicatesFound: number;
} {
  const addresses = new Set(objects.map((object) => `${object.kind} ${object.address}`));
  return { objectsCreated: objects.length, duplicatesFound: objects.length - addresses.size };
}
