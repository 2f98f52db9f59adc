import { BOOKKEEPING_KEY, type Props } from "../../provider/engine/stateCodec";

/**
 * `outputs` as a state of an earlier release holds them: every engine key an output of its own (no `__idgov`), less
 * the keys `dropped` (those that release did not write yet).
 */
export function earlierStateFormat(outputs: Props, dropped: readonly string[] = []): Props {
  const { [BOOKKEEPING_KEY]: bookkeeping, ...fields } = outputs;
  const earlier: Props = { ...fields, ...(JSON.parse(String(bookkeeping ?? "{}")) as Props) };
  for (const key of dropped) delete earlier[key];
  return earlier;
}
