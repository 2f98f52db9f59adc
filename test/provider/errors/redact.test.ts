import { describe, expect, it } from "vitest";
import { redact } from "../../../provider/errors/redact";

describe("redact", () => {
  it.each([
    [
      "a secret anywhere in the text",
      "failed with s3cret-Value inside",
      ["s3cret-Value"],
      "failed with [REDACTED] inside",
    ],
    ["every occurrence", "ab12 and ab12", ["ab12"], "[REDACTED] and [REDACTED]"],
    [
      "the URL-encoded form of a secret",
      "client_id=x&pw=a%2Bb%2Fc%3D",
      ["a+b/c="],
      "client_id=x&pw=[REDACTED]",
    ],
    ["the JSON-escaped form of a secret", '{"x":"q\\"uote"}', ['q"uote'], '{"x":"[REDACTED]"}'],
    ["the longer of two overlapping secrets whole", "tok-abcdef", ["tok-abc", "tok-abcdef"], "[REDACTED]"],
    ["nothing for secrets shorter than 4 characters", "abc abc", ["abc"], "abc abc"],
    ["nothing for undefined secrets", "plain text", [undefined], "plain text"],
    [
      "a Bearer token it was not told about",
      "Authorization: Bearer eyJhbGciOi.x.y",
      [],
      "Authorization: Bearer [REDACTED]",
    ],
    ["a Basic credential", "authorization: basic Zm9vOmJhcg==", [], "authorization: basic [REDACTED]"],
    [
      "client_secret in a form body",
      "grant_type=client_credentials&client_id=ci&client_secret=hunter2",
      [],
      "grant_type=client_credentials&client_id=ci&client_secret=[REDACTED]",
    ],
    [
      "a subject_token and a client_assertion in a token form",
      "grant_type=x&subject_token=h.p.s&client_assertion=a.b.c&client_id=ci",
      [],
      "grant_type=x&subject_token=[REDACTED]&client_assertion=[REDACTED]&client_id=ci",
    ],
    ["a JSON subjectToken member", '{"subjectToken":"h.p.s"}', [], '{"subjectToken":"[REDACTED]"}'],
    ["access_token in a query", "?access_token=abc.def&x=1", [], "?access_token=[REDACTED]&x=1"],
    [
      "a JSON accessToken member",
      '{"accessToken": "t0k", "a": 1}',
      [],
      '{"accessToken": "[REDACTED]", "a": 1}',
    ],
    ["a JSON client_secret member", '{"client_secret":"x\\"y"}', [], '{"client_secret":"[REDACTED]"}'],
    [
      "nothing in ordinary text",
      "GET /api/v1/apps/a1: 404 NOT_FOUND",
      [],
      "GET /api/v1/apps/a1: 404 NOT_FOUND",
    ],
  ])("replaces %s", (_case, text, secrets, want) => {
    expect(redact(text, secrets)).toBe(want);
  });
});
