import type { AuditView, KindCoverage, UnownedObject } from "./model";
import { ReportInputError } from "./errors";

/** The audit classes of objects no given stack owns. */
const UNOWNED = new Set(["unmanaged", "orphaned", "duplicate"]);

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the report shows of an audit (`pulumi-idgov audit --format json`, version 1): the objects no stack owns
 * (unmanaged, orphaned: stamped for a given stack that no longer holds them, and likely duplicates; an object claimed
 * for a stack not given or another tool is someone's), and per kind the objects managed by a given stack out of all
 * the tenant holds.
 */
export function readAudit(document: unknown, file: string): AuditView {
  if (!isJson(document) || document.version !== 1 || !Array.isArray(document.objects))
    throw new ReportInputError(
      `${file}: not the output of \`pulumi-idgov audit --format json\` (version 1): it has no "objects" list`,
    );
  const objects = document.objects.map((object, index) => {
    if (!isJson(object) || typeof object.kind !== "string" || typeof object.class !== "string")
      throw new ReportInputError(`${file}: objects[${index}] has no "kind" and "class"`);
    return object as Json & { kind: string; class: string };
  });
  const inTenant = objects.filter((object) => object.class !== "gone");
  const unowned: UnownedObject[] = inTenant
    .filter((object) => UNOWNED.has(object.class))
    .map((object) => ({
      kind: object.kind,
      id: String(object.id ?? ""),
      displayName: String(object.displayName ?? ""),
      class: object.class,
    }));
  const kinds = [...new Set(inTenant.map((object) => object.kind))].sort();
  const coverage: KindCoverage[] = kinds.map((kind) => {
    const ofKind = inTenant.filter((object) => object.kind === kind);
    return {
      kind,
      managed: ofKind.filter((object) => object.class === "managed").length,
      total: ofKind.length,
    };
  });
  return {
    source: file,
    baseUrl: String(document.baseUrl ?? ""),
    objects: inTenant.length,
    unowned,
    coverage,
  };
}
