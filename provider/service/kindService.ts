import { allowsUnlistedMembers, type ConfigSource } from "../client/config";
import { redactError } from "../errors/redact";
import { reservedAnnotationPrefix, type SharedConnection, sharedConnection } from "../client/sharedClient";
import { tenantOfSettings, tenantAddress } from "../client/tenant";
import {
  type BeforeAdopting,
  type CheckFailure,
  checkInputs,
  createResource,
  deleteResource,
  ResourceInitError,
  type DiffResult,
  diffResource,
  type EngineContext,
  type DecodedProps,
  decodeProps,
  type Ownership,
  type Props,
  type ReadResult,
  readResource,
  rememberSecretsOf,
  updateResource,
} from "../engine";
import { AddressIndex } from "../engine/addressIndex";
import type { KindDeclaration } from "../kinds";
import { packageVersion } from "../version";
import { refuseOtherTenant, withTenant } from "./tenantGuard";
import { refuseUnreadableState } from "./unreadableStateGuard";
import { refuseNewerWriter, withWriter } from "./writerGuard";

/** What check answers: the inputs in canonical form (as given when any fails), and the failures. */
export interface CheckResult {
  readonly inputs: Props;
  readonly failures: CheckFailure[];
}

/** What create answers: the new object's id and the resource's outputs. */
export interface CreateResult {
  readonly id: string;
  readonly outs: Props;
}

/** What update answers: the resource's outputs. */
export interface UpdateResult {
  readonly outs: Props;
}

export type { DiffResult, ReadResult };

/**
 * The requests of one kind, over plain props, whichever door they come through. `ownership` is where the resource
 * lives (its workspace and address), given by the door; a write stamps it and the state records it. A write that
 * stops half way throws a `ResourceInitError` carrying the state to record.
 */
export interface KindService {
  check(olds: Props, news: Props, ownership: Ownership): Promise<CheckResult>;
  /** `olds` is the state, decoded by the caller ({@link decodeProps}) so that it is decoded once per diff. */
  diff(id: string, olds: DecodedProps, news: Props, ownership: Ownership): Promise<DiffResult>;
  /** Creates or adopts; `beforeAdopting` sees the object an adoption read before anything is written to it. */
  create(inputs: Props, ownership: Ownership, beforeAdopting?: BeforeAdopting): Promise<CreateResult>;
  read(id: string, props: Props): Promise<ReadResult>;
  update(id: string, olds: Props, news: Props, ownership: Ownership): Promise<UpdateResult>;
  delete(id: string, props: Props): Promise<void>;
}

/** The objects that carry each resource address, per connection: each collection is listed once per run, not per create. */
const addressIndexes = new WeakMap<SharedConnection, AddressIndex>();

function addressIndexOf(connection: SharedConnection): AddressIndex {
  let index = addressIndexes.get(connection);
  if (!index) {
    index = new AddressIndex();
    addressIndexes.set(connection, index);
  }
  return index;
}

/**
 * The service of `kind` under `config` (the stack's `idgov:*` settings, `IDGOV_*` environment variables as
 * fallback), resolved once. The client is made on first use, so inputs that fail check never need credentials.
 * Every secret value of the props is remembered before any request, and every error leaves redacted. The props are
 * decoded here, once per call, into the engine's typed state ({@link decodeProps}); the ownership the door gives is
 * the resource's, whatever a state recorded.
 */
export function kindService(kind: KindDeclaration, config?: ConfigSource): KindService {
  let shared: SharedConnection | undefined;
  const connection = () => (shared ??= sharedConnection(config));
  const ctx: EngineContext = {
    client: (operation) => connection().client.labelled(operation),
    toolVersion: packageVersion(),
    reservedPrefix: reservedAnnotationPrefix(config),
    get addresses() {
      return addressIndexOf(connection());
    },
  };
  /** The tenant the settings point at, resolved without credentials (diff needs none). */
  const settingsTenant = tenantOfSettings(config);
  /** The tenant the client sends to: what a write records in the state. */
  let sendsTo: string | undefined;
  const clientTenant = () => (sendsTo ??= tenantAddress(connection().config.baseUrl));
  const refuse = (operation: string, id: string, state: DecodedProps) => {
    refuseUnreadableState(operation, kind.name, id, state);
    refuseNewerWriter(operation, kind.name, id, state, ctx.toolVersion);
    refuseOtherTenant(operation, kind.name, id, state, settingsTenant);
  };
  /** Outputs as this version records them: where the object lives, and who wrote them. */
  const recorded = (outputs: Props) => withWriter(withTenant(outputs, clientTenant()), ctx.toolVersion);
  const guarded =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>, ...propsAt: number[]) =>
    async (...args: A): Promise<R> => {
      for (const at of propsAt) rememberSecretsOf(kind, args[at] as Props | undefined);
      try {
        return await method(...args);
      } catch (error) {
        // A write that stopped half way records where its object lives.
        if (error instanceof ResourceInitError && shared) recorded(error.properties);
        throw redactError(error);
      }
    };
  return {
    check: guarded(
      async (_olds: Props, news: Props, ownership: Ownership) =>
        checkInputs(kind, news, ctx.reservedPrefix, {
          allowUnlistedMembers: allowsUnlistedMembers(config),
          ownership,
        }),
      0,
      1,
    ),
    diff: guarded(async (id: string, olds: DecodedProps, news: Props, ownership: Ownership) => {
      rememberSecretsOf(kind, olds.props);
      refuse("plan", id, olds);
      return diffResource(kind, id, olds, decodeProps(news, ownership), ctx.toolVersion);
    }, 2),
    create: guarded(async (inputs: Props, ownership: Ownership, beforeAdopting?: BeforeAdopting) => {
      const created = await createResource(kind, ctx, decodeProps(inputs, ownership), beforeAdopting);
      return { id: created.id, outs: recorded(created.outs) };
    }, 0),
    read: guarded(async (id: string, props: Props) => {
      const state = decodeProps(props);
      refuse("read", id, state);
      const read = await readResource(kind, ctx, id, state);
      return { ...read, props: recorded(read.props) };
    }, 1),
    update: guarded(
      async (id: string, olds: Props, news: Props, ownership: Ownership) => {
        const state = decodeProps(olds);
        refuse("update", id, state);
        const updated = await updateResource(kind, ctx, id, state, decodeProps(news, ownership));
        return { outs: recorded(updated.outs) };
      },
      1,
      2,
    ),
    delete: guarded(async (id: string, props: Props) => {
      const state = decodeProps(props);
      refuse("delete", id, state);
      await deleteResource(kind, ctx, id, state);
    }, 1),
  };
}
