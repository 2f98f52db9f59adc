import { quickstart } from "./examples/quickstart";
import { describeExample } from "./lifecycle";

describeExample(quickstart);
