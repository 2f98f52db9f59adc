// Makes `require("pulumi-idgov")` resolve inside this checkout, as it does in a user's project:
// the serialized provider loads the installed package from the working directory at call time.
const fs = require("node:fs");
const path = require("node:path");

const link = path.join(__dirname, "..", "node_modules", "pulumi-idgov");
try {
  fs.lstatSync(link);
} catch {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync("..", link, "dir");
}
