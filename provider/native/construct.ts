/**
 * `Construct` for the golden-path components (provider/components/): the inputs checked (the component's own rules,
 * the policy pack's rules, then each child's check) before anything is registered; then the component, its children
 * in order, and its outputs, registered through the engine's resource monitor as a program's SDK would. Each child is
 * an ordinary custom resource of this package, parented to the component.
 */
import { COMPONENTS, childInputs, ComponentInputError, inputOf, type PlannedChild } from "../components";
import { isChildField, planComponent } from "../components";
import { kindNamed } from "../kinds";
import { componentOfToken, typeTokenOf } from "../kinds/tokens";
import { UNKNOWN } from "../service/codecSupport";
import { ownershipFromUrn } from "../service/ownership";
import type { ProviderService } from "../service/providerService";
import { StatusError } from "../service/statusError";
import { packageVersion } from "../version";
import type { Call, CallStatus } from "./grpcServer";
import { grpcError } from "./rpc";
import { connectMonitor, type Registered } from "./monitor";
import { errorsProto } from "./monitorProtocol";
import { anyProto, grpc, type ProviderProto, providerProto, statusProto } from "./protocol";
import { unwrapStruct, wrapStruct } from "./values";

const PACKAGE = "idgov";
const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/** The gRPC status of a {@link ComponentInputError}: INVALID_ARGUMENT with one property error per failure. */
export function inputErrorStatus(error: ComponentInputError): CallStatus {
  const detail = new errorsProto.InputPropertiesError();
  for (const failure of error.failures) {
    detail.addErrors(
      new errorsProto.InputPropertiesError.PropertyError()
        .setPropertyPath(failure.property)
        .setReason(failure.reason),
    );
  }
  const packed = new anyProto.Any();
  packed.pack(detail.serializeBinary(), "pulumirpc.InputPropertiesError");
  const status = new statusProto.Status();
  status.setCode(grpc.status.INVALID_ARGUMENT);
  status.setMessage(error.message);
  status.addDetails(packed);
  return {
    code: grpc.status.INVALID_ARGUMENT,
    details: error.message,
    statusDetails: status.serializeBinary(),
  };
}

/** The `$`-joined type chain of a URN (`idgov:index:GovernedApp$idgov:index:App`). */
function qualifiedTypeOf(urn: string): string {
  return urn.split("::")[2] ?? "";
}

/** The URN the engine gives a resource of `type` named `name` under `parent` (its type chain, then its name). */
function urnOf(request: ProviderProto.ConstructRequest, parent: string, type: string, name: string): string {
  const parentType = parent === "" ? "" : qualifiedTypeOf(parent);
  const chain = parentType === "" || parentType === ROOT_STACK_TYPE ? type : `${parentType}$${type}`;
  return `urn:pulumi:${request.getStack()}::${request.getProject()}::${chain}::${name}`;
}

/** The dotted paths of a child's inputs that hold a secret the program gave. */
function secretPathsOf(
  component: (typeof COMPONENTS)[keyof typeof COMPONENTS],
  child: PlannedChild,
  secretKeys: ReadonlySet<string>,
) {
  return [...secretKeys].flatMap((path) => {
    const [key = "", ...rest] = path.split(".");
    const input = component.inputs[key];
    if (!input) return [];
    if (!isChildField(input)) {
      const targets = (input.sets ?? []).filter((target) => target.child === child.kind);
      if (targets.length > 0) return targets.map((target) => [target.path, ...rest].join("."));
      return key in child.props ? [path] : [];
    }
    return input.child === child.kind ? [[input.field, ...rest].join(".")] : [];
  });
}

/** Serves one `Construct`: the component's URN and outputs (its children's ids), with what each output depends on. */
export async function construct(
  service: ProviderService,
  organization: string,
  request: ProviderProto.ConstructRequest,
  self = "",
): Promise<ProviderProto.ConstructResponse> {
  const name = componentOfToken(request.getType());
  if (!name) throw new StatusError(`unknown resource type "${request.getType()}"`, "INVALID_ARGUMENT");
  const component = COMPONENTS[name];
  const inputs = unwrapStruct(request.getInputs());
  const { children, failures } = planComponent(component, request.getName(), inputs.props);
  const componentUrn = urnOf(request, request.getParent(), request.getType(), request.getName());
  const urnOfChild = (child: PlannedChild) =>
    urnOf(request, componentUrn, typeTokenOf(child.kind, "native"), child.name);
  const secrets = new Map(
    children.map((child) => [child, secretPathsOf(component, child, inputs.secretKeys)]),
  );
  for (const child of failures.length > 0 ? [] : children) {
    const checked = await service.check(
      kindNamed(child.kind),
      ownershipFromUrn(urnOfChild(child), organization),
      { props: childInputs(child, {}), secretKeys: new Set(secrets.get(child)) },
    );
    for (const failure of checked.failures) {
      const property = inputOf(component, child, failure.property);
      const reason = `the ${child.kind} "${child.name}": ${failure.reason}`;
      // One input may set two fields of a child (adminNetworks): its failure is listed once.
      if (!failures.some((known) => known.property === property && known.reason === reason)) {
        failures.push({ property, reason });
      }
    }
  }
  if (failures.length > 0) throw new ComponentInputError(`${name} "${request.getName()}"`, failures);

  const monitor = connectMonitor(request.getMonitorendpoint());
  try {
    const registered = await monitor.registerComponent(request);
    const made = new Map<string, Registered>();
    for (const child of children) {
      const ids = Object.fromEntries([...made].map(([role, child]) => [role, child.id]));
      const dependencies = Object.fromEntries(
        Object.entries(child.idsOf).map(([field, role]) => [field, [made.get(role)?.urn ?? ""]]),
      );
      const answer = await monitor
        .registerChild({
          type: typeTokenOf(child.kind, "native"),
          name: child.name,
          parent: registered.urn,
          props: childInputs(child, ids),
          secretPaths: secrets.get(child) ?? [],
          // The program's provider for the package, else this one: the children share the component's plugin
          // (one process, whose checks see every settings singleton of the stack), never a second default one.
          provider: request.getProvidersMap().get(PACKAGE) || self,
          version: packageVersion(),
          propertyDependencies: dependencies,
        })
        .catch((error: { details?: string; message?: string }) => {
          throw new Error(
            `${name} "${request.getName()}": its ${child.kind} "${child.name}" failed (the children made before it stay in the stack): ${error.details || error.message}`,
          );
        });
      made.set(child.role, answer);
    }
    const outputs: Record<string, unknown> = {};
    const secretOutputs: string[] = [];
    const response = new providerProto.ConstructResponse().setUrn(registered.urn);
    for (const [output, { role, field }] of Object.entries(component.outputs)) {
      const child = made.get(role);
      if (!child) continue;
      // During a preview (no id yet) a child's outputs are not known.
      const unknown = child.id === "" ? UNKNOWN : undefined;
      const value = field === undefined ? child.id || UNKNOWN : (child.outputs.props[field] ?? unknown);
      if (value === undefined) continue;
      outputs[output] = value;
      if (field !== undefined && child.outputs.secretKeys.has(field)) secretOutputs.push(output);
      response
        .getStatedependenciesMap()
        .set(output, new providerProto.ConstructResponse.PropertyDependencies().setUrnsList([child.urn]));
    }
    await monitor.registerOutputs(registered.urn, outputs, secretOutputs);
    return response.setState(wrapStruct(outputs, secretOutputs));
  } finally {
    monitor.close();
  }
}

/** The `Construct` call: refused inputs answered with their property errors, any other error as every call's. */
export function constructCall(service: ProviderService, organization: string, self: string): Call {
  return (request) =>
    construct(service, organization, request as ProviderProto.ConstructRequest, self).then(
      (response) => ({ messages: [response] }),
      (error: unknown) => ({
        status: error instanceof ComponentInputError ? inputErrorStatus(error) : grpcError(error),
      }),
    );
}
