import * as pulumi from "@pulumi/pulumi";
import { App } from "pulumi-idgov";

/** The seeded app `app-aws`, adopted by whichever stack runs this; `owner:allowTakeover` lets it take it over. */
const config = new pulumi.Config("owner");
const aws = new App("aws", {
  adoptId: "app-aws",
  description: config.require("description"),
  allowTakeover: config.getBoolean("allowTakeover") ?? false,
});

export const appId = aws.id;
