import { z } from "zod";
import { IdgovNotFoundError } from "../errors";
import { rememberSecret } from "../redact";
import { resourceAddressAnnotation } from "./address";
import { knownFieldsOnly } from "./known";
import type { ApiClient, KindApi, LiveObject } from "./kind";
import { annotationValue } from "./ownership";

type Json = Record<string, unknown>;

/** The routes and wire shapes of a kind that follows the service's usual create/get/update/delete pattern. */
export interface EntityRoutes {
  /** POST here creates (flat body); GET here lists, when the kind has a list. */
  readonly collection: (inputs: Json) => string;
  /** The item path for an object id. */
  readonly item: (id: string) => string;
  /** The key of the entity in an update body: `{app, updateMask}`. */
  readonly entityKey: string;
  /** The live entity inside an answer (`{app}`, `{requestCatalogView: {requestCatalog}}`). */
  readonly unwrap: (answer: Json) => Json | undefined;
  /** The response schema of the entity: unknown fields kept, malformed answers rejected. */
  readonly schema: z.ZodType;
  /** Extra live fields of an answer beside the entity (a catalog view's `memberCount`). */
  readonly extras?: (answer: Json) => Json;
  /**
   * The fields a create takes in its flat body, when it takes fewer than an update (an app resource's create takes
   * only `displayName`, `description` and `annotations`); the engine sets the others with a masked update right
   * after. @default every field of the kind
   */
  readonly createFields?: readonly string[];
  /** Values a create answers once (webhook secrets). */
  readonly once?: (answer: Json) => Json;
  /** The Pulumi id of an entity, when it names more than the entity id. */
  readonly idOf?: (entity: Json, inputs?: Json) => string;
  /** How to list objects to find one by its `iac_resource_address` annotation after a lost create answer. */
  readonly list?: {
    readonly path: (inputs: Json) => string;
    /** A search (POST with a body) rather than a GET list. */
    readonly searchBody?: (inputs: Json) => Json;
    readonly itemsKey: string;
    /** A list item in the shape of a get answer (`item => ({ app: item })`). */
    readonly asAnswer: (item: Json) => Json;
    /**
     * Whether a listed entity is the one the lost create made, for a kind without annotations to say so.
     * @default its `iac_resource_address` annotation names the resource
     */
    readonly madeBy?: (entity: Json, create: { inputs: Json; sentAt: number }) => boolean;
  };
}

function isGone(entity: Json | undefined): entity is undefined {
  return entity === undefined || (typeof entity.deletedAt === "string" && entity.deletedAt !== "");
}

function pick(body: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(body).filter(([key]) => keys.includes(key)));
}

/** An answer and its live entity, parsed by the kind's schema (undefined when the object is gone). */
interface CheckedAnswer {
  readonly answer: Json;
  readonly entity: Json | undefined;
}

/** Builds the calls of a kind from its routes. */
export function entityApi(routes: EntityRoutes): KindApi {
  // The entity is parsed once, with the answer: one that breaks its schema fails as the client's schema error.
  const answerSchema = z.record(z.string(), z.unknown()).transform((answer, ctx): CheckedAnswer => {
    const entity = routes.unwrap(answer);
    if (isGone(entity)) return { answer, entity: undefined };
    const result = routes.schema.safeParse(entity);
    if (result.success) return { answer, entity: knownFieldsOnly(result.data, routes.schema) as Json };
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
  const toLive = ({ answer, entity }: CheckedAnswer, inputs?: Json): LiveObject | undefined => {
    if (!entity) return undefined;
    const { id, ...fields } = entity;
    const objectId = routes.idOf ? routes.idOf(entity, inputs) : String(id);
    const once = routes.once?.(answer);
    for (const value of Object.values(once ?? {})) rememberSecret(value);
    return { id: objectId, fields: { ...fields, ...routes.extras?.(answer) }, ...(once ? { once } : {}) };
  };
  const required = (answer: CheckedAnswer, what: string): LiveObject => {
    const live = toLive(answer);
    if (!live) throw new Error(`${what}: the answer holds no live object`);
    return live;
  };
  return {
    async get(client: ApiClient, id: string) {
      try {
        return toLive(await client.requestParsed({ method: "GET", path: routes.item(id) }, answerSchema));
      } catch (error) {
        if (error instanceof IdgovNotFoundError) return undefined;
        throw error;
      }
    },
    async create(client, body, inputs) {
      const sent = routes.createFields ? pick(body, routes.createFields) : body;
      const answer = await client.requestParsed(
        { method: "POST", path: routes.collection(inputs), body: sent },
        answerSchema,
      );
      const live = toLive(answer, inputs);
      if (!live) throw new Error(`create: the answer holds no live object`);
      return live;
    },
    async update(client, id, entity, mask) {
      const body = { [routes.entityKey]: entity, updateMask: mask.join(",") };
      const answer = await client.requestParsed(
        { method: "POST", path: routes.item(id), body, idempotent: true },
        answerSchema,
      );
      return required(answer, `update ${id}`);
    },
    async delete(client, id) {
      try {
        await client.request({ method: "DELETE", path: routes.item(id) });
      } catch (error) {
        if (!(error instanceof IdgovNotFoundError)) throw error;
      }
    },
    ...(routes.list
      ? {
          findByAddress: findByAddress(routes, (answer, inputs) =>
            toLive(answerSchema.parse(answer), inputs),
          ),
        }
      : {}),
  };
}

function findByAddress(
  routes: EntityRoutes,
  toLive: (answer: Json, inputs?: Json) => LiveObject | undefined,
) {
  const list = routes.list as NonNullable<EntityRoutes["list"]>;
  const stamped = (address: string) => (entity: Json) =>
    annotationValue(entity.annotations as Record<string, string> | undefined, "iac_resource_address") ===
    resourceAddressAnnotation(address);
  return async (client: ApiClient, address: string, inputs: Json, sentAt: number) => {
    const path = list.path(inputs);
    const items = list.searchBody
      ? client.paginate<Json>({
          method: "POST",
          path,
          body: list.searchBody(inputs),
          itemsKey: list.itemsKey,
        })
      : client.paginate<Json>({ method: "GET", path, itemsKey: list.itemsKey });
    const ours = list.madeBy ? (entity: Json) => list.madeBy!(entity, { inputs, sentAt }) : stamped(address);
    const found: LiveObject[] = [];
    for await (const item of items) {
      const answer = list.asAnswer(item);
      const entity = routes.unwrap(answer);
      const live = entity && ours(entity) ? toLive(answer, inputs) : undefined;
      if (live) found.push(live);
    }
    return found;
  };
}
