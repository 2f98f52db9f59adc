import type * as pulumi from "@pulumi/pulumi";
import { kindNamed } from "../../provider/kinds";
import {
  type ConfigSource,
  type Ownership,
  ownershipIn,
  type Props,
  ResourceInitError,
} from "../../provider/service/codecSupport";
import { ProviderService } from "../../provider/service/providerService";
import { IdgovError } from "../../provider/errors/idgov-error";
import { OWNERSHIP_INPUT, ownershipInput } from "./ownershipInput";
import { withPlainErrors } from "./plainErrors";

/** The provider methods the serialized shim calls, for one kind. */
export type HostProvider = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

const PROVIDER_KEY = "__provider";

/** The dynamic host marks secrets itself: the door hands the service none. */
const NO_SECRET_KEYS: ReadonlySet<string> = new Set();

/** A state without the serialized provider. */
function withoutProvider(props: Props | undefined): Props {
  const { [PROVIDER_KEY]: _provider, ...rest } = props ?? {};
  return rest;
}

/** The program's inputs without this door's keys: the serialized provider and the ownership. */
function programInputs(props: Props): Props {
  const { [PROVIDER_KEY]: _provider, [OWNERSHIP_INPUT]: _ownership, ...rest } = props;
  return rest;
}

/** Where the program's resource lives, as its class computed it. */
function programOwnership(props: Props): Ownership {
  const ownership = ownershipInput(props[OWNERSHIP_INPUT]);
  if (ownership) return ownership;
  throw new IdgovError(
    `${OWNERSHIP_INPUT}: must be the resource's workspace and URN, which pulumi-idgov's resource classes set ` +
      `(new idgov.App(...)); a dynamic resource made without them cannot be stamped`,
  );
}

/**
 * Where a state says its resource lives (every state of this package says it). Read needs it only to import, which
 * this door never does: a state edited until it says nothing names no resource.
 */
function stateOwnership(state: Props): Ownership {
  return ownershipIn(state) ?? { workspace: "", resourceAddress: "" };
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
 * The provider of one kind inside Pulumi's dynamic-provider host: the provider service (`provider/service`), as the
 * native door calls it, with this door's own keys decoded here. The serialized provider (`__provider`) is taken out
 * of the props and kept in the state of a write that stopped half way; the ownership crosses from the program as the
 * hidden `__ownership` input (the host never learns the URN) and is given to the service beside the inputs, and
 * put back into the inputs check and refresh answer. Configuration comes from the stack (`idgov:*`), with `IDGOV_*`
 * environment variables as fallback. This door has no engine log, so it gives the service no way to warn. The
 * package's own errors reach the user as their message alone (`withPlainErrors`).
 */
export function createHostProvider(kindName: string, stackConfig?: ConfigSource): HostProvider {
  const kind = kindNamed(kindName);
  const service = new ProviderService();
  service.configureFrom(readableConfig(stackConfig));
  const secretless = (props: Props) => ({ props, secretKeys: NO_SECRET_KEYS });
  return withPlainErrors({
    check: async (_olds: Props, news: Props) => {
      const checked = await service.check(kind, programOwnership(news), secretless(programInputs(news)));
      return {
        inputs: { ...checked.props, [OWNERSHIP_INPUT]: news[OWNERSHIP_INPUT] },
        failures: checked.failures,
      };
    },
    diff: async (id: string, olds: Props, news: Props) => {
      const state = withoutProvider(olds);
      const inputs = programInputs(news);
      const diff = await service.diff(kind, programOwnership(news), id, state, inputs, state);
      return {
        changes: diff.changes,
        replaces: [...diff.replaces],
        deleteBeforeReplace: diff.deleteBeforeReplace,
      };
    },
    create: (inputs: Props) =>
      recordingPartialState(inputs, async () => {
        const created = await service.create(
          kind,
          programOwnership(inputs),
          secretless(programInputs(inputs)),
          false,
        );
        return { id: created.id, outs: created.props };
      }),
    read: async (id: string, props: Props) => {
      const state = withoutProvider(props);
      const ownership = stateOwnership(state);
      const read = await service.read(kind, ownership, id, secretless(state));
      if (read.inputs === undefined) return { id: read.id, props: read.props };
      // A change of owner shows as drift of the ownership the program stamps.
      const owner = read.claimedBy ?? ownership;
      return { id: read.id, props: read.props, inputs: { ...read.inputs, [OWNERSHIP_INPUT]: owner } };
    },
    update: (id: string, olds: Props, news: Props) =>
      recordingPartialState(news, async () => {
        const ownership = programOwnership(news);
        const updated = await service.update(
          kind,
          ownership,
          id,
          withoutProvider(olds),
          secretless(programInputs(news)),
          false,
        );
        return { outs: updated.props };
      }),
    delete: (id: string, props: Props) => service.delete(kind, id, withoutProvider(props)),
  });
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
