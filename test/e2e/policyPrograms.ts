/** The programs the policy pack's end-to-end tests run: each kind of door, violating and compliant. */

/** The head of a YAML program through the packed native plugin (installed in `../node_modules`). */
const YAML_HEAD = `name: idgov-policy-yaml
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ../node_modules/.bin
config:
  idpSecret:
    type: string
    secret: true
`;

/** A YAML program that breaks a rule of each kind it declares. */
export const VIOLATING_YAML = `${YAML_HEAD}resources:
  bare:
    type: idgov:index:App
    properties:
      displayName: Bare app
  everyone:
    type: idgov:index:RequestCatalog
    properties:
      displayName: Everyone catalog
      visibleToEveryone: true
      annotations:
        team: platform
  session:
    type: idgov:index:SessionSettings
    properties:
      maxSessionLength: 24h
  sso:
    type: idgov:index:SsoSettings
    properties:
      enabled: false
  idp:
    type: idgov:index:AuthConfig
    properties:
      displayName: Literal IdP
      providerClient:
        oidcClientId: idgov-policy
        oidcClientSecret: literal-client-secret
`;

/** The same objects, each as the rules ask. */
export const COMPLIANT_YAML = `${YAML_HEAD}resources:
  bare:
    type: idgov:index:App
    properties:
      displayName: Bare app
      owners: [user-0002]
      grantPolicyId: policy-manager-approval
      annotations:
        team: platform
  everyone:
    type: idgov:index:RequestCatalog
    properties:
      displayName: Engineering starter kit
      visibleToEveryone: true
      annotations:
        team: platform
  session:
    type: idgov:index:SessionSettings
    properties:
      maxSessionLength: 8h
  sso:
    type: idgov:index:SsoSettings
    properties:
      enabled: true
  idp:
    type: idgov:index:AuthConfig
    properties:
      displayName: Config IdP
      providerClient:
        oidcClientId: idgov-policy
        oidcClientSecret: \${idpSecret}
`;

/** The Pulumi.yaml of the TypeScript program of the dynamic classes. */
export const DYNAMIC_PROJECT = `name: idgov-policy-ts
runtime:
  name: nodejs
  options:
    typescript: true
main: index.ts
`;

/**
 * A TypeScript program of the dynamic classes: a compliant App, with `violate` a violating one and one whose grant
 * policy is unknown during preview, and another dynamic provider's resource.
 */
export const DYNAMIC_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { App } from "pulumi-idgov";

const config = new pulumi.Config();

// Another dynamic provider whose resource has the props an App would have: the pack must leave it alone.
const otherProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: "other-1", outs: inputs };
  },
};
class Lookalike extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(otherProvider, name, props, {});
  }
}
new Lookalike("lookalike", { displayName: "Not an app", owners: [] });

if (config.getBoolean("violate")) {
  const unowned = new App("unowned", { displayName: "Unowned app" });
  // Its grant policy is another resource's output: unknown during preview, so the pack cannot judge it.
  new App("pending", {
    displayName: "Pending app",
    owners: ["user-0002"],
    grantPolicyId: unowned.id,
    annotations: { team: "platform" },
  });
}
new App("owned", {
  displayName: "Owned app",
  owners: ["user-0002"],
  grantPolicyId: "policy-manager-approval",
  annotations: { team: "platform" },
});
`;

/** The tsconfig.json of the TypeScript program. */
export const DYNAMIC_TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "commonjs",
    "moduleResolution": "node10",
    "strict": true,
    "esModuleInterop": true,
    "skipLibCheck": true,
    "types": ["node"]
  },
  "files": ["index.ts"]
}
`;
