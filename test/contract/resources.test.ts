import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownershipAnnotations, type Props } from "../../provider/engine";
import { packageVersion } from "../../provider/version";
import { hostProviderFor, startAnswerServer, type AnswerServer } from "./answerServer";
import { printFigures, recordAnswer } from "./figures";
import { fieldsOf, KIND_CASES, kindAnswer, managedValues, type Written } from "./kindAnswers";
import { buildAnswer, FORMS, SHAPES, variantsOf, wire, type FieldCount } from "./wireAnswers";
import { wireIssues } from "./wireCheck";
import { OWNERSHIP_INPUT } from "../../resources/dynamic/ownershipInput";

const ownership = {
  workspace: "acme/contract/dev",
  resourceAddress: "urn:pulumi:dev::contract::pulumi-nodejs:dynamic/idgov:Kind::contract",
};

/** Inputs a program keeps when it stops managing the rest: where the object lives, its name, its ownership. */
const REQUIRED_INPUTS = [
  "accessReviewId",
  "appId",
  "appResourceTypeId",
  "displayName",
  OWNERSHIP_INPUT,
  "annotations",
];

let server: AnswerServer;
beforeAll(async () => {
  server = await startAnswerServer();
});
afterAll(async () => {
  printFigures("resources");
  await server.close();
});

function hostProvider(kindName: string) {
  return hostProviderFor(server, kindName);
}

/** What a program writes to manage every field of `kind` that the full answer of `variant` sets. */
function programOf(kindName: string, getOperation: string, variant: number): Props {
  const kindCase = KIND_CASES[kindName]!;
  const answer = buildAnswer(getOperation, {
    form: "emitUnpopulated",
    shape: "full",
    variant,
    skipDeprecated: true,
  });
  const member = kindCase.members[getOperation] ?? "";
  const object =
    kindName === "AccessReviewScope"
      ? {
          scopeV2: answer.scopeV2,
          entitlements: ((answer.list as Props[]) ?? []).map((row) => row.accessReviewEntitlement),
        }
      : (member.split(".").reduce<unknown>((node, key) => (node as Props)[key], answer) as Props);
  const program = { ...managedValues(object, fieldsOf(kindName)), ...kindCase.base };
  if (kindCase.annotations) program.annotations = { team: "v-1" };
  return program;
}

type HostProvider = ReturnType<typeof hostProvider>;

/** Create, diff, refresh and diff again against answers of one form and shape; then stop managing the rest. */
async function lifecycle(provider: HostProvider, inputs: Props, label: Props): Promise<void> {
  const created = await provider.create(inputs);
  const diff = await provider.diff(created.id, created.outs, inputs);
  expect({ ...label, diff }).toMatchObject({ ...label, diff: { changes: false, replaces: [] } });
  const refreshed = await provider.read(created.id, created.outs);
  expect({ ...label, id: refreshed.id, drift: refreshed.inputs }).toEqual({
    ...label,
    id: created.id,
    drift: undefined,
  });
  const again = await provider.diff(created.id, refreshed.props ?? {}, inputs);
  expect({ ...label, changes: again.changes }).toEqual({ ...label, changes: false });
  const kept = Object.fromEntries(Object.entries(inputs).filter(([key]) => REQUIRED_INPUTS.includes(key)));
  await provider.update(created.id, refreshed.props ?? created.outs, kept);
}

/** What the package sent that the document's request schemas do not allow, as `operation path: problem`. */
function requestIssues(): string[] {
  const issues = server.seen.flatMap((request) => {
    const node = wire.operations[request.operation]?.request;
    if (node === undefined) return [];
    return wireIssues(node, request.body).map((issue) => `${request.operation} ${issue}`);
  });
  return [...new Set(issues)];
}

describe.each(Object.keys(KIND_CASES))("%s against document-built answers", (kindName) => {
  const kindCase = KIND_CASES[kindName]!;
  const getOperation = Object.keys(kindCase.members).find(
    (operation) => wire.operations[operation]?.method === "GET",
  )!;
  const variants = variantsOf(wire.operations[getOperation]!.response!);

  it.each(FORMS)(
    "creates, reads, refreshes and diffs with no false drift, every unset field written %s",
    async (form) => {
      const provider = hostProvider(kindName);
      server.seen.length = 0;
      for (let variant = 0; variant < variants; variant += 1) {
        const program = { ...programOf(kindName, getOperation, variant), [OWNERSHIP_INPUT]: ownership };
        const checked = await provider.check({}, program);
        expect({ variant, failures: checked.failures }).toEqual({ variant, failures: [] });
        const inputs = checked.inputs as Props;
        for (const shape of SHAPES) {
          const written: Written = {
            fields: managedValues(inputs, fieldsOf(kindName)),
            annotations: kindCase.annotations
              ? { team: "v-1", ...ownershipAnnotations(ownership, packageVersion()) }
              : {},
          };
          server.answer((request) => {
            const count: FieldCount = { fields: 0 };
            const answer = kindAnswer(kindName, request, { form, shape, variant }, written, count);
            if (answer !== undefined) recordAnswer(request.operation, form, count.fields);
            return answer;
          });
          await lifecycle(provider, inputs, { variant, shape });
        }
      }
      expect(requestIssues()).toEqual([]);
    },
  );
});
