import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

describe("a null field in a request body is unset (proto3 JSON, reference 1)", () => {
  it("creates an app whose description is sent as null, with an empty description", async () => {
    const answer = await suite.api.post("/api/v1/apps", { displayName: "x", description: null });
    expect(answer.status).toBe(200);
    expect(answer.body.app).toMatchObject({ displayName: "x", description: "" });
  });

  it("clears a masked field sent as null in an update entity", async () => {
    const answer = await suite.api.post("/api/v1/apps/app-github", {
      app: { description: null, matchConnectorRef: null },
      updateMask: "description",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.app.description).toBe("");
  });

  it("answers 400 required for a required field sent as null", async () => {
    const answer = await suite.api.post("/api/v1/apps", { displayName: null });
    expect([answer.status, answer.body.message]).toEqual([400, "invalid body: displayName: required"]);
  });

  it("reads a null scope member as absent and leaves it out of the answer (an unset oneof member)", async () => {
    const answer = await suite.api.post(
      `/api/v1/access_review/${SEED.accessReviewId}/scope_and_entitlements`,
      {
        entitlements: [],
        scopeV2: { allUsers: null, selectedUsers: { userIds: ["user-0001"] }, allGrants: {} },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.scopeV2).toMatchObject({ selectedUsers: { userIds: ["user-0001"] }, allGrants: {} });
    expect("allUsers" in answer.body.scopeV2).toBe(false);
  });

  it("reads null inside an automation step member as unset, answered at its zero value", async () => {
    const step = { stepName: "s1", sendEmail: { subject: null, body: "hello" } };
    const answer = await suite.api.post("/api/v1/automations", {
      displayName: "n",
      description: null,
      automationSteps: [{ ...step, skipIfTrueCel: null }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.automation.automationSteps).toEqual([
      {
        stepName: "s1",
        stepDisplayName: "",
        skipIfTrueCel: "",
        sendEmail: {
          body: "hello",
          email: "",
          emailCel: "",
          subject: "",
          title: "",
          useSubjectUser: false,
          userIdsCel: "",
          userRefs: [],
        },
      },
    ]);
  });
});
