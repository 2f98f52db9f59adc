const pulumi = require("@pulumi/pulumi");
const floor = process.argv[2] === "floor";
pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name + "-id", state: a.inputs }), call: () => ({}) }, "idgov-bench", "dev", true, "organization");
const noop = { async create(inputs) { return { id: inputs.displayName, outs: inputs }; } };
const App = floor ? class extends pulumi.dynamic.Resource { constructor(n, a) { super(noop, n, a, undefined, "floor", "App"); } } : require("./dist/resources").App;
const t = process.hrtime.bigint();
for (let i = 0; i < 1000; i++) new App(`app-${i}`, { displayName: `Bench app ${i}`, description: "Made by npm run bench" });
process.on("beforeExit", () => { if (!global.done) { global.done = 1; console.error(floor ? "floor" : "ours", Number(process.hrtime.bigint() - t) / 1e6, "ms", process.resourceUsage().userCPUTime/1000, "ms user"); } });
