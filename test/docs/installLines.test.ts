import { describe, expect, it } from "vitest";
import {
  exampleAndSdkReadmes,
  exampleProjectComments,
  installLines,
  PUBLISHING_GUIDE,
  unpublishedSource,
} from "./installLines";
import { documentationFiles, readMarkdown } from "./markdownFiles";

describe("an install command", () => {
  it.each([
    ["npm install -g pulumi-idgov"],
    ["npm install pulumi-idgov @pulumi/pulumi"],
    ["npm install git+https://github.com/pulumi-idgov/pulumi-idgov.git @pulumi/pulumi"],
    ["pnpm add @pulumi-idgov/idgov"],
    ["yarn add pulumi-idgov"],
    ["pip install pulumi_idgov"],
    ["venv/bin/pip install pulumi-idgov==0.1.0"],
    ["go get github.com/pulumi-idgov/pulumi-idgov/sdk/go@v0.1.0"],
    ["pulumi plugin install resource idgov 0.1.0"],
    [
      "pulumi plugin install resource idgov 0.1.0 --server https://github.com/pulumi-idgov/pulumi-idgov/releases/download/v0.1.0/",
    ],
  ])("%s fetches a source this project has not published", (command) => {
    expect(unpublishedSource(command)).toMatch(/published/);
  });

  it.each([
    ["npm install ../pulumi-idgov/pulumi-idgov-0.1.0.tgz @pulumi/pulumi"],
    ["npm install ./release/pulumi-idgov-idgov-0.1.0.tgz"],
    ["pip install pulumi_idgov-0.1.0-py3-none-any.whl"],
    ["venv/bin/pip install -r requirements.txt ../../sdk/python"],
    ["npm install @pulumi/policy"],
    ["pulumi plugin install resource idgov 0.1.0 --server http://127.0.0.1:8080/"],
    ["pulumi plugin install resource idgov 0.1.0 --file pulumi-resource-idgov-v0.1.0-linux-amd64.tar.gz"],
    ["npm ci"],
  ])("%s names only what the reader holds", (command) => {
    expect(unpublishedSource(command)).toBeUndefined();
  });

  it("may resolve the Go module from a file-system module proxy set earlier in the block", () => {
    const command = "go get github.com/pulumi-idgov/pulumi-idgov/sdk/go@v0.1.0";
    expect(unpublishedSource(command, "export GOPROXY=file://$PWD/release/goproxy\n")).toBeUndefined();
  });
});

describe("the install commands of README.md, docs/, examples/ and sdk/", () => {
  const files = [...documentationFiles(), ...exampleAndSdkReadmes()].filter(
    (file) => file !== PUBLISHING_GUIDE,
  );
  const lines = files.flatMap((file) => installLines(readMarkdown(file)));

  it("and the comments of the examples' Pulumi.yaml files name no unpublished source either", () => {
    const comments = exampleProjectComments();
    expect(comments.length).toBeGreaterThan(0);
    const problems = comments.flatMap(({ where, command }) => {
      const problem = unpublishedSource(command);
      return problem === undefined ? [] : [`${where}: ${command.trim()}: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it("are there to check", () => {
    expect(lines.length).toBeGreaterThan(10);
  });

  it("each install from a release's files, a clone or another project's published package", () => {
    const problems = lines.flatMap(({ where, command, context }) => {
      const problem = unpublishedSource(command, context);
      return problem === undefined ? [] : [`${where}: ${command.trim()}: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it("leave the registry forms to the publishing guide", () => {
    const guide = readMarkdown(PUBLISHING_GUIDE);
    const registryForms = installLines(guide).filter(({ command, context }) =>
      unpublishedSource(command, context),
    );
    expect(registryForms.map(({ command }) => command.trim())).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^npm install pulumi-idgov/),
        expect.stringMatching(/^pip install pulumi-idgov/),
        expect.stringMatching(/^go get github\.com\/pulumi-idgov\//),
      ]),
    );
  });
});
