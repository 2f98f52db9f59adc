import * as pulumi from "@pulumi/pulumi";

const count = new pulumi.Config("load").requireNumber("count");

/** An app of the tenant through the native provider, without its generated SDK: the token and the inputs. */
class App extends pulumi.CustomResource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    super("idgov:index:App", name, args);
  }
}

for (let index = 0; index < count; index += 1) {
  new App(`app-${index}`, { displayName: `Load app ${index}`, description: "one of many" });
}
