import { tenantBaseline } from "./examples/tenantBaseline";
import { describeExample } from "./lifecycle";

describeExample(tenantBaseline);
