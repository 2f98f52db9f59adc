/**
 * The messages of the calls the engine makes once per resource (Check, Diff, Create, Read, Update, Delete), and of
 * DiffConfig, which shares Diff's, read and written straight from their bytes, properties as plain values: the field
 * numbers are those of Pulumi's `provider.proto`. Every other call keeps the generated google-protobuf messages.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import { LENGTH_DELIMITED, MessageBuilder, VARINT, WireReader } from "./protobuf";
import { encodeStruct, readStruct, type StructValue } from "./struct";

/** A Struct field's value: its plain fields, `undefined` when the message leaves the field out. */
export type StructFields = Record<string, StructValue> | undefined;

/** The fields every resource call names its resource by. */
interface ResourceCall {
  urn: string;
  /** The type token; older engines leave it out, and the URN carries it. */
  type: string;
}

export interface CheckCall extends ResourceCall {
  news: StructFields;
}

export interface DiffCall extends ResourceCall {
  id: string;
  olds: StructFields;
  news: StructFields;
  oldInputs: StructFields;
}

export interface CreateCall extends ResourceCall {
  properties: StructFields;
  preview: boolean;
}

/** The state to read again; the inputs the engine also sends play no part in a read, so they are skipped. */
export interface ReadCall extends ResourceCall {
  id: string;
  properties: StructFields;
}

export interface UpdateCall extends ResourceCall {
  id: string;
  olds: StructFields;
  news: StructFields;
  preview: boolean;
}

export interface DeleteCall extends ResourceCall {
  id: string;
  properties: StructFields;
}

type FieldKind = "string" | "struct" | "bool";

/** Where each field the plugin reads sits in a request message: its number and wire kind. */
type FieldTable = Readonly<Record<number, readonly [name: string, kind: FieldKind]>>;

const CHECK_REQUEST: FieldTable = { 1: ["urn", "string"], 3: ["news", "struct"], 7: ["type", "string"] };
const DIFF_REQUEST: FieldTable = {
  1: ["id", "string"],
  2: ["urn", "string"],
  3: ["olds", "struct"],
  4: ["news", "struct"],
  6: ["oldInputs", "struct"],
  8: ["type", "string"],
};
const CREATE_REQUEST: FieldTable = {
  1: ["urn", "string"],
  2: ["properties", "struct"],
  4: ["preview", "bool"],
  6: ["type", "string"],
};
const READ_REQUEST: FieldTable = {
  1: ["id", "string"],
  2: ["urn", "string"],
  3: ["properties", "struct"],
  6: ["type", "string"],
};
const UPDATE_REQUEST: FieldTable = {
  1: ["id", "string"],
  2: ["urn", "string"],
  3: ["olds", "struct"],
  4: ["news", "struct"],
  7: ["preview", "bool"],
  10: ["type", "string"],
};
const DELETE_REQUEST: FieldTable = {
  1: ["id", "string"],
  2: ["urn", "string"],
  3: ["properties", "struct"],
  7: ["type", "string"],
};

/** Reads a request: proto3 defaults for the scalars it leaves out, `undefined` for its absent Structs. */
function readRequest<T>(table: FieldTable, bytes: Buffer): T {
  const message: Record<string, unknown> = {};
  for (const [name, kind] of Object.values(table)) {
    if (kind === "string") message[name] = "";
    else if (kind === "bool") message[name] = false;
  }
  const reader = new WireReader(bytes);
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    const known = table[field];
    // A field this reader does not know, or knows with another wire type, is skipped, as the protocol reads it.
    if (!known || wireType !== (known[1] === "bool" ? VARINT : LENGTH_DELIMITED)) reader.skip(wireType);
    else if (known[1] === "string") message[known[0]] = reader.string();
    else if (known[1] === "bool") message[known[0]] = reader.varint() !== 0;
    else message[known[0]] = readStruct(reader.nested());
  }
  return message as T;
}

/** A property's change, as `DiffResponse.detailedDiff` carries it. */
export interface PropertyChange {
  /** `PropertyDiff.Kind`: ADD 0, ADD_REPLACE 1, DELETE 2, DELETE_REPLACE 3, UPDATE 4, UPDATE_REPLACE 5. */
  kind: number;
  inputDiff: boolean;
}

export interface CheckAnswer {
  inputs: Record<string, unknown>;
  failures: readonly { property: string; reason: string }[];
}

export interface DiffAnswer {
  /** `DiffResponse.DiffChanges`: DIFF_NONE 1, DIFF_SOME 2. */
  changes: number;
  replaces: readonly string[];
  diffs: readonly string[];
  detailedDiff: ReadonlyMap<string, PropertyChange>;
  deleteBeforeReplace: boolean;
}

export interface CreateAnswer {
  id: string;
  properties: Record<string, unknown>;
}

export interface ReadAnswer {
  id: string;
  /** Left out when the object does not exist: the engine then answers an import with "does not exist". */
  properties?: Record<string, unknown>;
  /** Left out, the engine keeps the inputs it has. */
  inputs?: Record<string, unknown>;
}

export interface UpdateAnswer {
  properties: Record<string, unknown>;
}

function checkAnswer({ inputs, failures }: CheckAnswer): Buffer {
  const message = new MessageBuilder().bytes(1, encodeStruct(inputs), true);
  for (const failure of failures) {
    message.bytes(
      2,
      new MessageBuilder().string(1, failure.property).string(2, failure.reason).finish(),
      true,
    );
  }
  return message.finish();
}

function diffAnswer(answer: DiffAnswer): Buffer {
  const message = new MessageBuilder()
    .strings(1, answer.replaces)
    .bool(3, answer.deleteBeforeReplace)
    .enum(4, answer.changes)
    .strings(5, answer.diffs);
  for (const [path, change] of answer.detailedDiff) {
    const value = new MessageBuilder().enum(1, change.kind).bool(2, change.inputDiff).finish();
    message.bytes(6, new MessageBuilder().string(1, path).bytes(2, value, true).finish(), true);
  }
  return message.bool(7, true).finish();
}

function createAnswer({ id, properties }: CreateAnswer): Buffer {
  return new MessageBuilder().string(1, id).bytes(2, encodeStruct(properties), true).finish();
}

function readAnswer({ id, properties, inputs }: ReadAnswer): Buffer {
  const message = new MessageBuilder().string(1, id);
  if (properties !== undefined) message.bytes(2, encodeStruct(properties), true);
  if (inputs !== undefined) message.bytes(3, encodeStruct(inputs), true);
  return message.finish();
}

function updateAnswer({ properties }: UpdateAnswer): Buffer {
  return new MessageBuilder().bytes(1, encodeStruct(properties), true).finish();
}

/** How each per-resource call's request is read and its answer written. */
export const RESOURCE_CODECS = {
  check: { request: (bytes: Buffer) => readRequest<CheckCall>(CHECK_REQUEST, bytes), answer: checkAnswer },
  diff: { request: (bytes: Buffer) => readRequest<DiffCall>(DIFF_REQUEST, bytes), answer: diffAnswer },
  diffConfig: { request: (bytes: Buffer) => readRequest<DiffCall>(DIFF_REQUEST, bytes), answer: diffAnswer },
  create: {
    request: (bytes: Buffer) => readRequest<CreateCall>(CREATE_REQUEST, bytes),
    answer: createAnswer,
  },
  read: { request: (bytes: Buffer) => readRequest<ReadCall>(READ_REQUEST, bytes), answer: readAnswer },
  update: {
    request: (bytes: Buffer) => readRequest<UpdateCall>(UPDATE_REQUEST, bytes),
    answer: updateAnswer,
  },
  delete: {
    request: (bytes: Buffer) => readRequest<DeleteCall>(DELETE_REQUEST, bytes),
    answer: () => Buffer.alloc(0),
  },
} as const;

/**
 * The provider service's definition with the per-resource calls read and written by this module; the paths and
 * every other call stay the generated ones.
 */
export function withResourceCodecs(definition: grpcTypes.ServiceDefinition): grpcTypes.ServiceDefinition {
  const methods: Record<string, grpcTypes.MethodDefinition<unknown, unknown>> = { ...definition };
  for (const [name, codec] of Object.entries(RESOURCE_CODECS)) {
    const generated = methods[name];
    if (!generated) throw new Error(`the provider protocol has no method "${name}"`);
    methods[name] = {
      ...generated,
      requestDeserialize: codec.request,
      responseSerialize: codec.answer as (answer: unknown) => Buffer,
    };
  }
  return methods as grpcTypes.ServiceDefinition;
}
