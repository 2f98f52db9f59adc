import { z } from "zod";
import { IdgovMissingObjectError, isGoneAnswer, readUnlessGone } from "../errors";
import { resourceAddressAnnotation } from "./address";
import type { BatchRead } from "../client/coalescedReads";
import type { ApiClient, GetOptions, KindApi, ListPaging, LiveObject } from "./kind";
import { knownFieldsOnly } from "./known";
import { annotationValue } from "./ownership";
import type { Json } from "../schemas/primitives";

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
   * The fields a create takes in its flat body, when it differs from an update (an app create takes no `iconUrl`);
   * the engine sets the others with a masked update right after. @default every field of the kind
   */
  readonly createFields?: readonly string[];
  /** Values a create answers once (webhook secrets). */
  readonly once?: (answer: Json) => Json;
  /** The Pulumi id of an entity, when it names more than the entity id. */
  readonly idOf?: (entity: Json, inputs?: Json) => string;
  /**
   * The collection's search by ids, when it has one: reads that arrive together are answered by one search, and an
   * object the search does not answer is read by GET ({@link ApiClient.readCoalesced}).
   */
  readonly batchRead?: BatchRead;
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

function isDeleted(entity: Json): boolean {
  return typeof entity.deletedAt === "string" && entity.deletedAt !== "";
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
  // The entity is parsed once, with the answer: one that breaks its schema, or holds none, fails as the client's
  // schema error. Only a 404 or a `deletedAt` means gone: an answer without the entity is unreadable, not a deletion.
  const answerSchema = z.record(z.string(), z.unknown()).transform((answer, ctx): CheckedAnswer => {
    const entity = routes.unwrap(answer);
    if (entity === undefined || entity === null || typeof entity !== "object") {
      ctx.addIssue({ code: "custom", path: [], message: `holds no ${routes.entityKey}` });
      return z.NEVER;
    }
    if (isDeleted(entity)) return { answer, entity: undefined };
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
    return { id: objectId, fields: { ...fields, ...routes.extras?.(answer) }, ...(once ? { once } : {}) };
  };
  const required = (answer: CheckedAnswer, what: string, id: string): LiveObject => {
    const live = toLive(answer);
    if (!live)
      throw new IdgovMissingObjectError(`${what}: the answer holds no live object`, {
        kind: routes.entityKey,
        objectId: id,
      });
    return live;
  };
  const written = (client: ApiClient, id: string) => {
    if (routes.batchRead) client.noteWritten(routes.batchRead, id);
  };
  return {
    async get(client: ApiClient, id: string, options?: GetOptions) {
      if (routes.batchRead && !options?.byGet) {
        // A search that answers no live object (absent, or `deletedAt` set) is confirmed by the GET below.
        const found = await client.readCoalesced({ batch: routes.batchRead, id }, answerSchema);
        const live = found && toLive(found);
        if (live) return { ...live, bySearch: true };
      }
      const path = routes.item(id);
      return readUnlessGone(path, async () =>
        toLive(await client.requestParsed({ method: "GET", path }, answerSchema)),
      );
    },
    async create(client, body, inputs) {
      const sent = routes.createFields ? pick(body, routes.createFields) : body;
      const answer = await client.requestParsed(
        { method: "POST", path: routes.collection(inputs), body: sent },
        answerSchema,
      );
      const live = toLive(answer, inputs);
      if (!live) {
        throw new IdgovMissingObjectError(`create: the answer holds no live object`, {
          kind: routes.entityKey,
        });
      }
      written(client, live.id);
      return live;
    },
    async update(client, id, entity, mask) {
      written(client, id);
      const body = { [routes.entityKey]: entity, updateMask: mask.join(",") };
      const answer = await client.requestParsed(
        { method: "POST", path: routes.item(id), body, idempotent: true },
        answerSchema,
      );
      return required(answer, `update ${id}`, id);
    },
    async delete(client, id) {
      written(client, id);
      const path = routes.item(id);
      try {
        await client.request({ method: "DELETE", path });
      } catch (error) {
        if (!isGoneAnswer(error, path)) throw error;
        // Already gone counts as done once a read of its own confirms it: a 404 of a node that has not seen the
        // object yet must not drop it from the state while it lives on.
        const live = await client
          .requestParsed({ method: "GET", path }, answerSchema)
          .then(toLive, (again: unknown) => {
            if (isGoneAnswer(again, path)) return undefined;
            throw again;
          });
        if (live) {
          throw new IdgovMissingObjectError(
            `delete ${id}: the service answered the delete 404 (not found), and a read still finds the object; ` +
              "nothing was forgotten: run the destroy again",
            { kind: routes.entityKey, objectId: id },
          );
        }
      }
    },
    ...(routes.list ? listCalls(routes, (answer, inputs) => toLive(answerSchema.parse(answer), inputs)) : {}),
  };
}

/**
 * The calls that read a kind's objects through its list: every object (export), after a lost create, and (by
 * address) before a create.
 */
function listCalls(
  routes: EntityRoutes,
  toLive: (answer: Json, inputs?: Json) => LiveObject | undefined,
): Pick<KindApi, "list" | "findByAddress" | "addressListing"> {
  const list = routes.list as NonNullable<EntityRoutes["list"]>;
  /** The listed items, in pages of 100 (the most the service answers) unless `paging` asks otherwise. */
  const items = (client: ApiClient, inputs: Json, paging?: ListPaging) => {
    const page = {
      path: list.path(inputs),
      itemsKey: list.itemsKey,
      pageSize: paging?.pageSize ?? 100,
      ...(paging ? { cursor: paging } : {}),
    };
    return list.searchBody
      ? client.paginate<Json>({ method: "POST", body: list.searchBody(inputs), ...page })
      : client.paginate<Json>({ method: "GET", ...page });
  };
  const everyObject = async function* (
    client: ApiClient,
    inputs: Json,
    paging?: ListPaging,
  ): AsyncGenerator<LiveObject> {
    for await (const item of items(client, inputs, paging)) {
      const live = toLive(list.asAnswer(item), inputs);
      if (live) yield live;
    }
  };
  /** Every listed object whose entity `keep` accepts, with its entity. */
  const listed = async (client: ApiClient, inputs: Json, keep: (entity: Json) => boolean) => {
    const found: { entity: Json; live: LiveObject }[] = [];
    for await (const item of items(client, inputs)) {
      const answer = list.asAnswer(item);
      const entity = routes.unwrap(answer);
      const live = entity && keep(entity) ? toLive(answer, inputs) : undefined;
      if (entity && live) found.push({ entity, live });
    }
    return found;
  };
  const addressOf = (entity: Json) =>
    annotationValue(entity.annotations as Record<string, string> | undefined, "iac_resource_address");
  const findByAddress = async (client: ApiClient, address: string, inputs: Json, sentAt: number) => {
    const ours = list.madeBy
      ? (entity: Json) => list.madeBy!(entity, { inputs, sentAt })
      : (entity: Json) => addressOf(entity) === resourceAddressAnnotation(address);
    return (await listed(client, inputs, ours)).map(({ live }) => live);
  };
  if (list.madeBy) return { list: everyObject, findByAddress };
  return {
    list: everyObject,
    findByAddress,
    addressListing: (inputs: Json) => ({
      key: `${routes.entityKey} ${list.path(inputs)} ${JSON.stringify(list.searchBody?.(inputs) ?? null)}`,
      async load(client: ApiClient) {
        const byAddress = new Map<string, LiveObject[]>();
        for (const { entity, live } of await listed(
          client,
          inputs,
          (entity) => addressOf(entity) !== undefined,
        )) {
          const address = addressOf(entity) as string;
          byAddress.set(address, [...(byAddress.get(address) ?? []), live]);
        }
        return byAddress;
      },
    }),
  };
}
