import * as pulumi from "@pulumi/pulumi";
import { App } from "pulumi-idgov";

/**
 * The seeded app `app-aws`, adopted by whichever stack runs this; `owner:allowTakeover` lets it take it over.
 * `owner:name` renames the resource (default `aws`), and `owner:formerName` adds the alias that keeps it the same one.
 */
const config = new pulumi.Config("owner");
const formerName = config.get("formerName");
const aws = new App(
  config.get("name") ?? "aws",
  {
    adoptId: "app-aws",
    description: config.require("description"),
    allowTakeover: config.getBoolean("allowTakeover") ?? false,
  },
  formerName === undefined ? {} : { aliases: [{ name: formerName }] },
);

export const appId = aws.id;
