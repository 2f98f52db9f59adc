/**
 * BENCH ONLY: the codecs alone, in one process: a Create request read and its answer written, by the hand-written
 * codecs (provider/native/wire) and by protobuf-es (bench/connect/gen), µs per call; splits the connect plugin's cost
 * between its messages and its server.  npx tsx bench/connect/codecMicro.ts
 */
import { create, fromBinary, toBinary, type JsonObject } from "@bufbuild/protobuf";
import { RESOURCE_CODECS } from "../../provider/native/wire/resourceCalls";
import { CreateRequestSchema, CreateResponseSchema } from "./gen/pulumi/provider_pb";

const urn = "urn:pulumi:native-test::native::idgov:index:App::app-1";
const inputs: JsonObject = { displayName: "Bench app-1", description: "bench" };
const outputs: JsonObject = {
  __idgov: JSON.stringify({
    managedFields: ["displayName", "description"],
    __tenant: "http://127.0.0.1:1234",
  }),
  annotations: { iac_resource_address: urn, iac_tool_version: "pulumi-idgov/0.1.0", managed_by: "pulumi" },
  createdAt: "2026-11-29T08:26:01.154Z",
  description: "bench",
  displayName: "Bench app-1",
  updatedAt: "2026-11-29T08:26:01.154Z",
  userCount: "0",
};
const request = toBinary(
  CreateRequestSchema,
  create(CreateRequestSchema, { urn, type: "idgov:index:App", name: "app-1", properties: inputs }),
);

function perCall(name: string, work: () => unknown, calls = 200_000) {
  for (let i = 0; i < calls / 10; i += 1) work();
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) work();
  const used = process.cpuUsage(started);
  process.stdout.write(`${name}: ${(((used.user + used.system) / calls) * 1).toFixed(2)} µs\n`);
}

const bytes = Buffer.from(request);
perCall("hand-written: read CreateRequest + write CreateResponse", () => {
  RESOURCE_CODECS.create.request(bytes);
  return RESOURCE_CODECS.create.answer({ id: "x", properties: outputs });
});
perCall("protobuf-es: fromBinary CreateRequest + toBinary(create(CreateResponse))", () => {
  fromBinary(CreateRequestSchema, request);
  return toBinary(CreateResponseSchema, create(CreateResponseSchema, { id: "x", properties: outputs }));
});
