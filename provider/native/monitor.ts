/**
 * The engine's resource monitor as a client: what a component's `Construct` registers through it (the component, its
 * children, the component's outputs), over the address the engine gives in the request.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import { grpc, type ProviderProto } from "./protocol";
import { type ResourceProto, resourceGrpc, resourceProto } from "./monitorProtocol";
import { type Unwrapped, unwrapStruct, wrapStruct } from "./values";

/** What the monitor answers for a registered resource: its URN, its id (empty during a preview) and its outputs. */
export interface Registered {
  urn: string;
  id: string;
  /** The resource's outputs (values not known during a preview are unknown), and which of them are secret. */
  outputs: Unwrapped;
}

/** A child resource to register: an ordinary custom resource of this package. */
export interface ChildRegistration {
  type: string;
  name: string;
  parent: string;
  props: Record<string, unknown>;
  secretPaths: readonly string[];
  /** The provider reference (`urn::id`) of the component's provider of this package; empty for the default one. */
  provider: string;
  version: string;
  /** The URNs each input depends on, by input name. */
  propertyDependencies: Readonly<Record<string, readonly string[]>>;
}

export interface Monitor {
  /** Registers the component itself, with the options the program gave it. */
  registerComponent(request: ProviderProto.ConstructRequest): Promise<Registered>;
  registerChild(child: ChildRegistration): Promise<Registered>;
  registerOutputs(
    urn: string,
    outputs: Record<string, unknown>,
    secretPaths?: readonly string[],
  ): Promise<void>;
  close(): void;
}

function unary<Req, Res>(call: (request: Req, callback: grpcTypes.requestCallback<Res>) => unknown) {
  return (request: Req) =>
    new Promise<Res>((resolve, reject) =>
      call(request, (error, response) =>
        error || !response ? reject(error ?? new Error("no answer")) : resolve(response),
      ),
    );
}

function answered(response: ResourceProto.RegisterResourceResponse): Registered {
  return { urn: response.getUrn(), id: response.getId(), outputs: unwrapStruct(response.getObject()) };
}

/** A client of the resource monitor at `endpoint`. */
export function connectMonitor(endpoint: string): Monitor {
  const client = new resourceGrpc.ResourceMonitorClient(endpoint, grpc.credentials.createInsecure());
  const register = unary<ResourceProto.RegisterResourceRequest, ResourceProto.RegisterResourceResponse>(
    client.registerResource.bind(client),
  );
  const registerOutputs = unary<ResourceProto.RegisterResourceOutputsRequest, unknown>(
    client.registerResourceOutputs.bind(client),
  );
  return {
    async registerComponent(construct) {
      const request = new resourceProto.RegisterResourceRequest()
        .setType(construct.getType())
        .setName(construct.getName())
        .setParent(construct.getParent())
        .setCustom(false)
        .setObject(wrapStruct({}))
        .setDependenciesList(construct.getDependenciesList())
        .setAliasesList(construct.getAliasesList())
        .setAliasspecs(true)
        .setDeletedwith(construct.getDeletedwith())
        .setAcceptsecrets(true);
      if (construct.hasProtect()) request.setProtect(construct.getProtect() === true);
      if (construct.hasRetainondelete()) request.setRetainondelete(construct.getRetainondelete() === true);
      const providers = request.getProvidersMap();
      for (const [pkg, ref] of construct.getProvidersMap().entries()) providers.set(pkg, ref);
      return answered(await register(request));
    },
    async registerChild(child) {
      const request = new resourceProto.RegisterResourceRequest()
        .setType(child.type)
        .setName(child.name)
        .setParent(child.parent)
        .setCustom(true)
        .setObject(wrapStruct(child.props, child.secretPaths))
        .setProvider(child.provider)
        .setVersion(child.version)
        .setAcceptsecrets(true)
        .setSupportspartialvalues(true)
        .setDependenciesList([...new Set(Object.values(child.propertyDependencies).flat())]);
      const dependencies = request.getPropertydependenciesMap();
      for (const [name, urns] of Object.entries(child.propertyDependencies)) {
        dependencies.set(
          name,
          new resourceProto.RegisterResourceRequest.PropertyDependencies().setUrnsList([...urns]),
        );
      }
      return answered(await register(request));
    },
    async registerOutputs(urn, outputs, secretPaths = []) {
      await registerOutputs(
        new resourceProto.RegisterResourceOutputsRequest()
          .setUrn(urn)
          .setOutputs(wrapStruct(outputs, secretPaths)),
      );
    },
    close: () => client.close(),
  };
}
