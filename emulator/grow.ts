import { z } from "zod";
import { badRequest } from "./errors";
import { newId } from "./ids";
import { APP_MODEL } from "./models/app";
import { materialize } from "./models/materialize";
import type { Store } from "./store";
import { nowTimestamp } from "./time";
import { formatZodIssues } from "./validation";

/** @internal Body of `POST /__emulator/grow`: how many objects of each kind to add. */
const growSchema = z.strictObject({ apps: z.number().int().min(1).max(100_000) });

/**
 * Adds generated Apps to the tenant at once (`POST /__emulator/grow`), as a tenant grown over years holds them:
 * `Generated app N`, created now in that order, each as a create would store it. Answers how many Apps the tenant
 * holds. A reset takes them away with the rest.
 */
export function growTenant(store: Store, body: unknown): { apps: number } {
  const parsed = growSchema.safeParse(body ?? {}, { reportInput: true });
  if (!parsed.success) throw badRequest(`invalid grow: ${formatZodIssues(parsed.error.issues)}`);
  const apps = store.state.apps;
  const first = Object.keys(apps).length;
  for (let index = 0; index < parsed.data.apps; index += 1) {
    const id = newId();
    const now = nowTimestamp();
    const app = materialize({ displayName: `Generated app ${first + index}` }, APP_MODEL);
    Object.assign(app, { id, createdAt: now, updatedAt: now, userCount: "0" });
    apps[id] = app;
    store.state.appOwners[id] = [];
  }
  store.changed();
  return { apps: Object.keys(apps).length };
}
