import { describe, expect, it } from "vitest";
import {
  clearCircuitBreakerAnswerSchema,
  clearCircuitBreakerBodySchema,
  executeAutomationAnswerSchema,
  executeAutomationBodySchema,
} from "../../provider/schemas";
import { withoutNulls } from "./figures";
import { buildAnswer, FORMS, SHAPES, wire } from "./wireAnswers";
import { wireIssues } from "./wireCheck";

describe("automation calls as wire-schemas.json gives them", () => {
  it.each([
    ["automationExecute", executeAutomationAnswerSchema],
    ["automationCircuitBreakerClear", clearCircuitBreakerAnswerSchema],
  ] as const)("%s: its answer parses in every form, keeping each field", (operation, schema) => {
    for (const form of FORMS) {
      for (const shape of SHAPES) {
        const answer = buildAnswer(operation, { form, shape });
        expect(schema.parse(answer)).toEqual(withoutNulls(answer));
      }
    }
  });

  it("reads executionId as an int64 digit string, refusing a JSON number", () => {
    expect(executeAutomationAnswerSchema.parse({ executionId: "9007199254740993" })).toEqual({
      executionId: "9007199254740993",
    });
    expect(executeAutomationAnswerSchema.safeParse({ executionId: 42 }).success).toBe(false);
  });

  it("clears a circuit breaker with {} or {decision, reason}, and answers the bulk action, not the automation", () => {
    const request = wire.operations.automationCircuitBreakerClear!.request!;
    for (const body of [{}, { decision: "PAUSED_EXECUTION_DECISION_CANCEL", reason: "runaway loop" }]) {
      expect(clearCircuitBreakerBodySchema.parse(body)).toEqual(body);
      expect(wireIssues(request, body)).toEqual([]);
    }
    expect(clearCircuitBreakerBodySchema.safeParse({ decision: "CANCEL" }).error?.issues[0]?.path).toEqual([
      "decision",
    ]);
    expect(clearCircuitBreakerAnswerSchema.parse({ bulkActionId: "bulk-1" })).toEqual({
      bulkActionId: "bulk-1",
    });
  });

  it("executes with a body the document takes", () => {
    const body = executeAutomationBodySchema.parse({ context: { context: { userId: "user-1" } } });
    expect(wireIssues(wire.operations.automationExecute!.request!, body)).toEqual([]);
  });
});
