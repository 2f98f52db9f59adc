import type * as grpcTypes from "@grpc/grpc-js";
import type { CheckFailure } from "../engine";
import { packageVersion } from "../version";
import type { PropertyDiffEntry } from "./detailedDiff";
import { listCall } from "./listRpc";
import { kindOfType, ResourceOperations, type Warn } from "./operations";
import { emptyProto, pluginProto, type ProviderProto, providerProto } from "./protocol";
import { changedSettings, checkProviderInputs, inputsFromVariables } from "./providerConfig";
import { unary } from "./rpc";
import { sdkVersionFailures } from "./sdkVersion";
import { unwrapStruct, wrapStruct } from "./values";

type P = typeof ProviderProto;

/*
 * The schema and the lookups are loaded on their first call (`GetSchema`, `Invoke`), not with the plugin: most runs
 * make neither, and with them the plugin's start-up is about a fifth longer.
 */
const schemaModule = () => require("./schema") as typeof import("./schema");
const invokeModule = () => require("./invoke") as typeof import("./invoke");
const Kind = () => providerProto.PropertyDiff.Kind;

/** The type token of a request: its own field, or the URN's type (`urn:pulumi:s::p::idgov:index:App::name`). */
function typeOf(request: { getType(): string; getUrn(): string }): string {
  const fromUrn = request.getUrn().split("::")[2]?.split("$").pop() ?? "";
  return request.getType() || fromUrn;
}

function failuresOf(failures: readonly CheckFailure[]): ProviderProto.CheckFailure[] {
  return failures.map((failure) => {
    const message = new providerProto.CheckFailure();
    message.setProperty(failure.property);
    message.setReason(failure.reason);
    return message;
  });
}

function propertyDiff(entry: PropertyDiffEntry): ProviderProto.PropertyDiff {
  const kinds = Kind();
  const kind = {
    add: entry.replace ? kinds.ADD_REPLACE : kinds.ADD,
    delete: entry.replace ? kinds.DELETE_REPLACE : kinds.DELETE,
    update: entry.replace ? kinds.UPDATE_REPLACE : kinds.UPDATE,
  }[entry.kind];
  return new providerProto.PropertyDiff().setKind(kind).setInputdiff(true);
}

function diffResponse(changes: boolean, entries: readonly PropertyDiffEntry[], replaces: readonly string[]) {
  const response = new providerProto.DiffResponse();
  const { DIFF_NONE, DIFF_SOME } = providerProto.DiffResponse.DiffChanges;
  response.setChanges(changes ? DIFF_SOME : DIFF_NONE);
  response.setReplacesList([...replaces]);
  response.setDiffsList([...new Set(entries.map((entry) => entry.path.split(".")[0] as string))]);
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const entry of entries) detailed.set(entry.path, propertyDiff(entry));
  response.setDeletebeforereplace(false);
  return response;
}

/**
 * The resource-provider service of package `idgov`: every method of Pulumi's protocol the engine calls on a
 * resource provider, over one {@link ResourceOperations}.
 */
export function providerService(organization: string, warn: Warn): grpcTypes.UntypedServiceImplementation {
  const operations = new ResourceOperations(organization, warn);
  const secretOutputs = (request: { getType(): string; getUrn(): string }) =>
    kindOfType(typeOf(request)).secretOutputs;
  return {
    getPluginInfo: unary(() => new pluginProto.PluginInfo().setVersion(packageVersion())),
    getSchema: unary(() =>
      new providerProto.GetSchemaResponse().setSchema(schemaModule().packageSchemaText()),
    ),
    checkConfig: unary((request: InstanceType<P["CheckRequest"]>) => {
      const news = unwrapStruct(request.getNews());
      const response = new providerProto.CheckResponse();
      // The inputs go back as given, secrets still wrapped.
      if (request.hasNews()) response.setInputs(request.getNews());
      const tooNew = sdkVersionFailures(news.props.version);
      return response.setFailuresList(
        failuresOf(tooNew.length > 0 ? tooNew : checkProviderInputs(news.props)),
      );
    }),
    diffConfig: unary((request: InstanceType<P["DiffRequest"]>) => {
      const olds = unwrapStruct(request.getOldInputs() ?? request.getOlds()).props;
      const news = unwrapStruct(request.getNews()).props;
      const entries = changedSettings(olds, news).map((path) => ({
        path,
        kind: olds[path] === undefined ? "add" : news[path] === undefined ? "delete" : "update",
        replace: false,
      })) satisfies PropertyDiffEntry[];
      return diffResponse(entries.length > 0, entries, []);
    }),
    configure: unary((request: InstanceType<P["ConfigureRequest"]>) => {
      const variables = new Map(request.getVariablesMap().getEntryList());
      operations.configure(
        request.hasArgs() ? unwrapStruct(request.getArgs()).props : inputsFromVariables(variables),
      );
      return new providerProto.ConfigureResponse()
        .setAcceptsecrets(true)
        .setSupportspreview(true)
        .setAcceptresources(false)
        .setAcceptoutputs(false);
    }),
    check: unary(async (request: InstanceType<P["CheckRequest"]>) => {
      const checked = await operations.check(
        request.getUrn(),
        typeOf(request),
        unwrapStruct(request.getNews()),
      );
      return new providerProto.CheckResponse()
        .setInputs(wrapStruct(checked.props, checked.secretKeys))
        .setFailuresList(failuresOf(checked.failures));
    }),
    diff: unary(async (request: InstanceType<P["DiffRequest"]>) => {
      const olds = unwrapStruct(request.getOlds()).props;
      const oldInputs = request.hasOldInputs() ? unwrapStruct(request.getOldInputs()).props : olds;
      const news = unwrapStruct(request.getNews()).props;
      const type = typeOf(request);
      const diff = await operations.diff(request.getUrn(), type, request.getId(), olds, news, oldInputs);
      return diffResponse(diff.changes, diff.entries, diff.replaces);
    }),
    create: unary(async (request: InstanceType<P["CreateRequest"]>) => {
      const inputs = unwrapStruct(request.getProperties());
      const type = typeOf(request);
      const created = await operations.create(request.getUrn(), type, inputs, request.getPreview());
      return new providerProto.CreateResponse()
        .setId(created.id)
        .setProperties(wrapStruct(created.props, created.secretKeys));
    }, secretOutputs),
    read: unary(async (request: InstanceType<P["ReadRequest"]>) => {
      const state = unwrapStruct(request.getProperties());
      const read = await operations.read(request.getUrn(), typeOf(request), request.getId(), state);
      const response = new providerProto.ReadResponse().setId(read.id);
      response.setProperties(wrapStruct(read.props, read.secretKeys));
      if (read.inputs !== undefined) response.setInputs(wrapStruct(read.inputs, read.secretKeys));
      return response;
    }),
    update: unary(async (request: InstanceType<P["UpdateRequest"]>) => {
      const olds = unwrapStruct(request.getOlds()).props;
      const news = unwrapStruct(request.getNews());
      const type = typeOf(request);
      const updated = await operations.update(
        request.getUrn(),
        type,
        request.getId(),
        olds,
        news,
        request.getPreview(),
      );
      return new providerProto.UpdateResponse().setProperties(wrapStruct(updated.props, updated.secretKeys));
    }, secretOutputs),
    delete: unary(async (request: InstanceType<P["DeleteRequest"]>) => {
      await operations.delete(typeOf(request), request.getId(), unwrapStruct(request.getProperties()).props);
      return new emptyProto.Empty();
    }),
    invoke: unary(async (request: InstanceType<P["InvokeRequest"]>) => {
      const args = unwrapStruct(request.getArgs());
      const answer = await invokeModule().invokeLookup(request.getTok(), args.props, () =>
        operations.lookupSource(),
      );
      const response = new providerProto.InvokeResponse();
      if (answer.failures.length > 0) return response.setFailuresList(failuresOf(answer.failures));
      return response.setReturn(wrapStruct(answer.result, answer.secret ? Object.keys(answer.result) : []));
    }),
    list: listCall(() => operations.lookupSource()),
    cancel: unary(() => {
      operations.cancel();
      return new emptyProto.Empty();
    }),
  };
}
