import type { Call } from "./grpcServer";
import type { ProviderService } from "../service/providerService";
import { type ProviderProto, providerProto } from "./protocol";
import { serverStreaming } from "./rpc";
import { kindOfType } from "./tokens";
import { unwrapStruct } from "./values";

type ListRequest = InstanceType<typeof ProviderProto.ListRequest>;
type ListResponse = InstanceType<typeof ProviderProto.ListResponse>;

/**
 * The `List` method of the resource-provider service: one page of the kind the token names, as the stream the
 * engine reads (one `Result` per object, then a `Continuation` when another page follows; or one `Computed`), read
 * with the provider's settings.
 */
export function listCall(service: ProviderService): Call {
  return serverStreaming<ListRequest, ListResponse>(async (request) => {
    const token = request.getToken();
    const page = await service.list({
      kind: kindOfType(token),
      token,
      query: request.hasQuery() ? unwrapStruct(request.getQuery()).props : {},
      limit: request.getLimit(),
      pageSize: request.getPageSize(),
      continuationToken: request.getContinuationToken(),
    });
    if (page.computed)
      return [new providerProto.ListResponse().setComputed(new providerProto.ListResponse.Computed())];
    const results = page.items.map((item) =>
      new providerProto.ListResponse().setResult(
        new providerProto.ListResponse.Result().setId(item.id).setName(item.name),
      ),
    );
    if (page.continuationToken === "") return results;
    const continuation = new providerProto.ListResponse.Continuation().setContinuationToken(
      page.continuationToken,
    );
    return [...results, new providerProto.ListResponse().setContinuation(continuation)];
  });
}
