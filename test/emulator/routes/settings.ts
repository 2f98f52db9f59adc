import type { z } from "zod";
import {
  sessionSettingsUpdateBodySchema,
  ssoSettingsUpdateBodySchema,
  xaaSettingsUpdateBodySchema,
} from "../../../provider/schemas";
import type { MessageModel } from "../models/model";
import { SESSION_SETTINGS_MODEL, SSO_SETTINGS_MODEL, XAA_SETTINGS_MODEL } from "../models/settings";
import type { Router } from "../router";
import type { TenantState } from "../state";
import { applyUpdate } from "./update";

interface SingletonRoute {
  path: string;
  slot: keyof TenantState["settings"];
  entityKey: string;
  schema: z.ZodType;
  model: MessageModel;
}

const SINGLETONS: readonly SingletonRoute[] = [
  {
    path: "/api/v1/settings/sso",
    slot: "sso",
    entityKey: "settings",
    schema: ssoSettingsUpdateBodySchema,
    model: SSO_SETTINGS_MODEL,
  },
  {
    path: "/api/v1/settings/cross-app-access",
    slot: "xaa",
    entityKey: "settings",
    schema: xaaSettingsUpdateBodySchema,
    model: XAA_SETTINGS_MODEL,
  },
  {
    path: "/api/v1/settings/session",
    slot: "session",
    entityKey: "sessionSettings",
    schema: sessionSettingsUpdateBodySchema,
    model: SESSION_SETTINGS_MODEL,
  },
];

/**
 * Tenant settings singletons (spec 2.11, reference 4): GET reads, POST applies a masked update
 * that accepts only the editable paths. No create, no delete.
 */
export function registerSettingsRoutes(router: Router): void {
  for (const singleton of SINGLETONS) {
    router.on("GET", singleton.path, ({ store }) => ({
      [singleton.entityKey]: structuredClone(store.state.settings[singleton.slot]),
    }));
    router.on("POST", singleton.path, ({ body, store, reservedAnnotationPrefix }) => {
      const outcome = applyUpdate({
        body,
        entityKey: singleton.entityKey,
        schema: singleton.schema,
        model: singleton.model,
        current: store.state.settings[singleton.slot],
        reservedAnnotationPrefix,
      });
      if (outcome.changed) {
        store.state.settings[singleton.slot] = outcome.next;
        store.changed();
      }
      return { [singleton.entityKey]: structuredClone(store.state.settings[singleton.slot]) };
    });
  }
}
