import { StatusError } from "../service/statusError";
import type { CheckFailure } from "../service/codecSupport";
import type { Call } from "./grpcServer";
import { packageVersion } from "../version";
import type { PropertyDiffEntry } from "../service/detailedDiff";
import { listCall } from "./listStream";
import { ownershipFromUrn } from "../service/ownership";
import { SingletonClaims } from "../service/singletonClaims";
import { ProviderService, type Warn } from "../service/providerService";
import { emptyProto, pluginProto, type ProviderProto, providerProto } from "./protocol";
import {
  changedSettings,
  checkProviderInputs,
  inputsFromVariables,
  tenantReplaces,
} from "../service/providerConfig";
import { unary } from "./rpc";
import { sdkVersionFailures } from "./sdkVersion";
import { kindOfType, lookupNameOf, typeOf } from "./tokens";
import { plainSecretWarnings, SECRET_SETTINGS } from "../service/secretSettings";
import { settingsInUseWarnings } from "../service/settingsInUse";
import { unwrapProps, unwrapStruct, withSecrets, wrapStruct } from "./values";
import type {
  CheckAnswer,
  CheckCall,
  CreateAnswer,
  CreateCall,
  DeleteCall,
  DiffAnswer,
  DiffCall,
  PropertyChange,
  ReadAnswer,
  ReadCall,
  UpdateAnswer,
  UpdateCall,
} from "./wire/resourceCalls";

type P = typeof ProviderProto;

/*
 * The schema, the lookups and the components are loaded on their first call (`GetSchema`, `Invoke`, `Construct`), not
 * with the plugin: most runs make none, and with them the plugin's start-up is about a fifth longer.
 */
const schemaModule = () => require("./schema") as typeof import("./schema");
const constructModule = () => require("./construct") as typeof import("./construct");
const lookupTable = () => require("../service/lookupTable") as typeof import("../service/lookupTable");
const Kind = () => providerProto.PropertyDiff.Kind;

function failuresOf(failures: readonly CheckFailure[]): ProviderProto.CheckFailure[] {
  return failures.map((failure) => {
    const message = new providerProto.CheckFailure();
    message.setProperty(failure.property);
    message.setReason(failure.reason);
    return message;
  });
}

function propertyChange(entry: PropertyDiffEntry): PropertyChange {
  const kinds = Kind();
  const kind = {
    add: entry.replace ? kinds.ADD_REPLACE : kinds.ADD,
    delete: entry.replace ? kinds.DELETE_REPLACE : kinds.DELETE,
    update: entry.replace ? kinds.UPDATE_REPLACE : kinds.UPDATE,
  }[entry.kind];
  return { kind, inputDiff: true };
}

function diffAnswer(
  changes: boolean,
  entries: readonly PropertyDiffEntry[],
  replaces: readonly string[],
): DiffAnswer {
  const { DIFF_NONE, DIFF_SOME } = providerProto.DiffResponse.DiffChanges;
  return {
    changes: changes ? DIFF_SOME : DIFF_NONE,
    replaces,
    diffs: [...new Set(entries.map((entry) => entry.path.split(".")[0] as string))],
    detailedDiff: new Map(entries.map((entry) => [entry.path, propertyChange(entry)])),
    deleteBeforeReplace: false,
  };
}

/**
 * The handlers of package `idgov`'s resource provider: every method of Pulumi's protocol the engine calls on a
 * resource provider, decoded and answered over one {@link ProviderService}. Each call's kind comes from its type
 * token, and its ownership from its URN.
 */
export function resourceProvider(organization: string, warn: Warn): Record<string, Call> {
  const service = new ProviderService(warn);
  const singletons = new SingletonClaims();
  /** This provider as a resource reference (`<urn>::<id>`), once the engine has configured it. */
  let self = "";
  const ownershipOf = (call: { urn: string }) => ownershipFromUrn(call.urn, organization);
  const resourceOf = (call: { type: string; urn: string }) => ({
    kind: kindOfType(typeOf(call)),
    ownership: ownershipOf(call),
  });
  const secretOutputs = (call: { type: string; urn: string }) => kindOfType(typeOf(call)).secretOutputs;
  return {
    getPluginInfo: unary(() => new pluginProto.PluginInfo().setVersion(packageVersion())),
    getSchema: unary(() =>
      new providerProto.GetSchemaResponse().setSchema(schemaModule().packageSchemaText()),
    ),
    checkConfig: unary((request: InstanceType<P["CheckRequest"]>) => {
      const news = unwrapStruct(request.getNews());
      const response = new providerProto.CheckResponse();
      // The engine stores these inputs: every setting the schema marks secret goes back as a secret, however given.
      const secrets = [...news.secretKeys, ...SECRET_SETTINGS.map((info) => info.name)];
      if (request.hasNews()) response.setInputs(wrapStruct(news.props, secrets));
      for (const warning of plainSecretWarnings(request.getUrn(), Object.keys(news.props))) {
        warn(request.getUrn(), warning);
      }
      const tooNew = sdkVersionFailures(news.props.version);
      return response.setFailuresList(
        failuresOf(tooNew.length > 0 ? tooNew : checkProviderInputs(news.props)),
      );
    }),
    diffConfig: unary((call: DiffCall): DiffAnswer => {
      const olds = unwrapProps(call.oldInputs ?? call.olds).props;
      const news = unwrapProps(call.news).props;
      // Another tenant is never an in-place update: the provider, and every resource under it, is replaced.
      const replaces = tenantReplaces(olds, news);
      const entries = changedSettings(olds, news).map((path) => ({
        path,
        kind: olds[path] === undefined ? "add" : news[path] === undefined ? "delete" : "update",
        replace: replaces.includes(path),
      })) satisfies PropertyDiffEntry[];
      return diffAnswer(entries.length > 0, entries, replaces);
    }),
    configure: unary((request: InstanceType<P["ConfigureRequest"]>) => {
      const variables = new Map(request.getVariablesMap().getEntryList());
      const inputs = request.hasArgs()
        ? unwrapStruct(request.getArgs()).props
        : inputsFromVariables(variables);
      service.configure(inputs);
      const urn = request.getUrn() ?? "";
      self = urn && request.getId() ? `${urn}::${request.getId()}` : "";
      for (const warning of settingsInUseWarnings(urn, inputs)) warn(urn, warning);
      return new providerProto.ConfigureResponse()
        .setAcceptsecrets(true)
        .setSupportspreview(true)
        .setAcceptresources(false)
        .setAcceptoutputs(false);
    }),
    check: unary(async (call: CheckCall): Promise<CheckAnswer> => {
      const { kind, ownership } = resourceOf(call);
      const checked = await service.check(kind, ownership, unwrapProps(call.news));
      const twice = singletons.claim(kind, ownership);
      const failures = twice ? [twice, ...checked.failures] : checked.failures;
      return { inputs: withSecrets(checked.props, checked.secretKeys), failures };
    }),
    diff: unary(async (call: DiffCall): Promise<DiffAnswer> => {
      const olds = unwrapProps(call.olds).props;
      const oldInputs = call.oldInputs ? unwrapProps(call.oldInputs).props : olds;
      const news = unwrapProps(call.news).props;
      const { kind, ownership } = resourceOf(call);
      const diff = await service.diff(kind, ownership, call.id, olds, news, oldInputs);
      return diffAnswer(diff.changes, diff.entries, diff.replaces);
    }),
    create: unary(async (call: CreateCall): Promise<CreateAnswer> => {
      const { kind, ownership } = resourceOf(call);
      const created = await service.create(kind, ownership, unwrapProps(call.properties), call.preview);
      return { id: created.id, properties: withSecrets(created.props, created.secretKeys) };
    }, secretOutputs),
    read: unary(async (call: ReadCall): Promise<ReadAnswer> => {
      const { kind, ownership } = resourceOf(call);
      const read = await service.read(kind, ownership, call.id, unwrapProps(call.properties));
      if (read.id === "") return { id: "" };
      const properties = withSecrets(read.props, read.secretKeys);
      if (read.inputs === undefined) return { id: read.id, properties };
      return { id: read.id, properties, inputs: withSecrets(read.inputs, read.secretKeys) };
    }),
    update: unary(async (call: UpdateCall): Promise<UpdateAnswer> => {
      const olds = unwrapProps(call.olds).props;
      const news = unwrapProps(call.news);
      const { kind, ownership } = resourceOf(call);
      const updated = await service.update(kind, ownership, call.id, olds, news, call.preview);
      return { properties: withSecrets(updated.props, updated.secretKeys) };
    }, secretOutputs),
    delete: unary(async (call: DeleteCall) => {
      await service.delete(kindOfType(typeOf(call)), call.id, unwrapProps(call.properties).props);
      return {};
    }),
    invoke: unary(async (request: InstanceType<P["InvokeRequest"]>) => {
      const args = unwrapStruct(request.getArgs());
      const name = lookupNameOf(request.getTok());
      const lookup = name === undefined ? undefined : lookupTable().lookupNamed(name);
      if (!lookup) throw new StatusError(`unknown function "${request.getTok()}"`, "INVALID_ARGUMENT");
      const answer = await service.invoke(lookup, args.props);
      const response = new providerProto.InvokeResponse();
      if (answer.failures.length > 0) return response.setFailuresList(failuresOf(answer.failures));
      return response.setReturn(wrapStruct(answer.result, answer.secret ? Object.keys(answer.result) : []));
    }),
    list: listCall(service),
    construct: (request) => constructModule().constructCall(service, organization, self)(request),
    cancel: unary(() => {
      service.cancel();
      return new emptyProto.Empty();
    }),
  };
}
