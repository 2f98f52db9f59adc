import type * as pulumi from "@pulumi/pulumi";
import type { ConfigSource } from "../../provider/client/config";
import { decodeProps, type Props, ResourceInitError } from "../../provider/engine";
import { kindNamed } from "../../provider/kinds";
import { kindService } from "../../provider/service/kindService";

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
 * The provider of one kind inside Pulumi's dynamic-provider host: the kind's service (`provider/service`) with the
 * serialized provider (`__provider`) taken out of the props it is handed and kept in the state of a write that
 * stopped half way. Configuration comes from the stack (`idgov:*`), with `IDGOV_*` environment variables as fallback.
 * The ownership crosses from the program to this process as the hidden `__ownership` input (the host never learns
 * the URN), so it stays in the props and no ownership is given beside them.
 */
export function createHostProvider(kindName: string, stackConfig?: ConfigSource): HostProvider {
  const service = kindService(kindNamed(kindName), readableConfig(stackConfig));
  return {
    check: (olds: Props, news: Props) =>
      service.check(withoutProvider(olds), withoutProvider(news), undefined),
    diff: (id: string, olds: Props, news: Props) =>
      service.diff(id, decodeProps(withoutProvider(olds)), withoutProvider(news), undefined),
    create: (inputs: Props) =>
      recordingPartialState(inputs, () => service.create(withoutProvider(inputs), undefined)),
    read: (id: string, props: Props) => service.read(id, withoutProvider(props)),
    update: (id: string, olds: Props, news: Props) =>
      recordingPartialState(news, () =>
        service.update(id, withoutProvider(olds), withoutProvider(news), undefined),
      ),
    delete: (id: string, props: Props) => service.delete(id, withoutProvider(props)),
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
