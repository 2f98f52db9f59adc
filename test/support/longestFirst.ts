import * as path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A sequencer that starts the named files first, in the order given (the longest first), then the rest in vitest's
 * own order. Vitest orders by its cache of durations, which a fresh clone has not: with files a few at a time, a
 * long file started last leaves one worker busy while the others wait.
 */
export function longestFirst(
  files: readonly string[],
): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (spec: TestSpecification) => {
        const file = path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/");
        const index = files.indexOf(file);
        return index === -1 ? files.length : index;
      };
      return (await super.sort(specs)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
