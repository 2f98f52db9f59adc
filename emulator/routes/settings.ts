import { isIP } from "node:net";
import type { MessageModel } from "../models/model";
import {
  SESSION_SETTINGS_MODEL,
  SESSION_SOURCE_RESTRICTIONS,
  SSO_SETTINGS_MODEL,
  XAA_SETTINGS_MODEL,
} from "../models/settings";
import { isJsonObject, type JsonObject, type TenantState } from "../state";
import { invalidBody } from "../validation";
import type { Router } from "../router";
import { applyUpdate } from "./update";

interface SingletonRoute {
  path: string;
  slot: keyof TenantState["settings"];
  entityKey: string;
  /** The `wire-schemas.json` update operation. */
  operation: string;
  model: MessageModel;
}

const SINGLETONS: readonly SingletonRoute[] = [
  {
    path: "/api/v1/settings/sso",
    slot: "sso",
    entityKey: "settings",
    operation: "ssoUpdate",
    model: SSO_SETTINGS_MODEL,
  },
  {
    path: "/api/v1/settings/cross-app-access",
    slot: "xaa",
    entityKey: "settings",
    operation: "xaaUpdate",
    model: XAA_SETTINGS_MODEL,
  },
  {
    path: "/api/v1/settings/session",
    slot: "session",
    entityKey: "sessionSettings",
    operation: "sessionSettingsUpdate",
    model: SESSION_SETTINGS_MODEL,
  },
];

function isCidr(text: string): boolean {
  const [address = "", prefix, ...rest] = text.split("/");
  if (prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  const version = isIP(address);
  return version !== 0 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The document types `sourceCidr` as strings; the emulator also refuses one that is not a CIDR range,
 * naming it (the service's own check is not documented).
 */
function checkSourceCidrs(settings: unknown, entityKey: string): void {
  if (!isJsonObject(settings)) return;
  for (const name of SESSION_SOURCE_RESTRICTIONS) {
    const restriction = settings[name] as JsonObject | undefined;
    const ranges = (restriction?.["sourceCidr"] ?? []) as string[];
    ranges.forEach((text, index) => {
      if (!isCidr(text)) {
        throw invalidBody(
          `${entityKey}.${name}.sourceCidr[${index}]: ${JSON.stringify(text)} is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)`,
        );
      }
    });
  }
}

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
        operation: singleton.operation,
        model: singleton.model,
        current: store.state.settings[singleton.slot],
        reservedAnnotationPrefix,
      });
      checkSourceCidrs(outcome.parsed[singleton.entityKey], singleton.entityKey);
      if (outcome.changed) {
        store.state.settings[singleton.slot] = outcome.next;
        store.changed();
      }
      return { [singleton.entityKey]: structuredClone(store.state.settings[singleton.slot]) };
    });
  }
}
