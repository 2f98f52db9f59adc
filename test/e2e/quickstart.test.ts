import { quickstart } from "./examples/quickstart";
import { describeExample } from "./lifecycle";

// The checkout's own Node.js and SDK run the other examples' life cycles (lookups, tenantBaseline).
describeExample(quickstart, { newest: true });
