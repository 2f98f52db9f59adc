import { lookups } from "./examples/lookups";
import { describeExample } from "./lifecycle";

describeExample(lookups);
