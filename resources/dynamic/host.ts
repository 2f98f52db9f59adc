import type * as pulumi from "@pulumi/pulumi";
import { allowsUnlistedMembers, type ConfigSource } from "../../provider/client/config";
import {
  checkInputs,
  createResource,
  deleteResource,
  diffResource,
  type EngineContext,
  type Props,
  readResource,
  rememberSecretsOf,
  ResourceInitError,
  type ResourceKind,
  updateResource,
} from "../../provider/engine";
import { redactError } from "../../provider/client/redact";
import {
  reservedAnnotationPrefix,
  type SharedConnection,
  sharedConnection,
} from "../../provider/client/sharedClient";
import { packageVersion } from "../../provider/version";
import { kindNamed } from "../../provider/kinds";

/** The provider methods the serialized shim calls, for one kind. */
export type HostProvider = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

const PROVIDER_KEY = "__provider";

function withoutProvider(props: Props | undefined): Props {
  const { [PROVIDER_KEY]: _provider, ...rest } = props ?? {};
  return rest;
}

/** The host hands `configure` a config that throws when the engine sent none: read that as no config. */
function readableConfig(source: ConfigSource | undefined): ConfigSource | undefined {
  if (!source) return undefined;
  try {
    source.get("idgov:baseUrl");
    return source;
  } catch {
    return undefined;
  }
}

/** Keeps the serialized provider in the state Pulumi records for a write that stopped half way. */
async function recordingPartialState<T>(props: Props, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ResourceInitError) error.properties[PROVIDER_KEY] = props[PROVIDER_KEY];
    throw error;
  }
}

/**
 * The provider of one kind inside Pulumi's dynamic-provider host. Configuration comes from the stack (`idgov:*`),
 * with `IDGOV_*` environment variables as fallback; the client is made on first use, so a program whose inputs fail
 * `check` never needs credentials.
 */
export function createHostProvider(kindName: string, stackConfig?: ConfigSource): HostProvider {
  const config = readableConfig(stackConfig);
  const kind: ResourceKind = kindNamed(kindName);
  let shared: SharedConnection | undefined;
  const connection = () => (shared ??= sharedConnection(config));
  const ctx: EngineContext = {
    client: (operation) => connection().client.labelled(operation),
    toolVersion: packageVersion(),
    reservedPrefix: reservedAnnotationPrefix(config),
    get addresses() {
      return connection().addresses;
    },
  };
  // Every secret value of the props is remembered before any request, and every error leaves redacted.
  const guarded =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>, ...propsAt: number[]) =>
    async (...args: A): Promise<R> => {
      for (const at of propsAt) rememberSecretsOf(kind, args[at] as Props | undefined);
      try {
        return await method(...args);
      } catch (error) {
        throw redactError(error);
      }
    };
  return {
    check: guarded(
      async (_olds: Props, news: Props) =>
        checkInputs(kind, withoutProvider(news), ctx.reservedPrefix, {
          allowUnlistedMembers: allowsUnlistedMembers(config),
        }),
      0,
      1,
    ),
    diff: guarded(
      async (id: string, olds: Props, news: Props) =>
        diffResource(kind, id, withoutProvider(olds), withoutProvider(news), ctx.toolVersion),
      1,
      2,
    ),
    create: guarded(
      (inputs: Props) =>
        recordingPartialState(inputs, () => createResource(kind, ctx, withoutProvider(inputs))),
      0,
    ),
    read: guarded((id: string, props: Props) => readResource(kind, ctx, id, withoutProvider(props)), 1),
    update: guarded(
      (id: string, olds: Props, news: Props) =>
        recordingPartialState(news, () =>
          updateResource(kind, ctx, id, withoutProvider(olds), withoutProvider(news)),
        ),
      1,
      2,
    ),
    delete: guarded((id: string, props: Props) => deleteResource(kind, ctx, id, withoutProvider(props)), 1),
  };
}

/** The serialized provider of one kind, before `configure` installs the kind's methods on it. */
export interface ShimOfKind {
  readonly kind: string;
  configure(this: ShimOfKind, req: pulumi.dynamic.ConfigureRequest): void;
}

/** What the serialized shim's `configure` calls: installs the provider of `shim.kind` on the shim itself. */
export function configure(shim: ShimOfKind, req: pulumi.dynamic.ConfigureRequest): void {
  Object.assign(shim, createHostProvider(shim.kind, req.config));
}
