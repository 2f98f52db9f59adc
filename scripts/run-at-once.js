// Runs npm scripts at once (`node scripts/run-at-once.js typecheck format:check build`), prints each one's output
// whole when it ends, and exits 1 if any failed: `npm test`'s checks take the two cores instead of one after another.
const { spawn } = require("node:child_process");

function run(script) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32",
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 ? [] : [`npm run ${script} failed (exit ${code})`]);
    });
  });
}

Promise.all(process.argv.slice(2).map(run)).then((results) => {
  const failures = results.flat();
  for (const failure of failures) process.stderr.write(`${failure}\n`);
  process.exit(failures.length === 0 ? 0 : 1);
});
