import { PaginationError, SluiceError, Type, componentSchema, defineComponent, sliceCursor, type ComponentFactory, type DataRecord, type Logger, type StreamSlice } from "../../sdk/index.js";

/** A built `pagination_reset`: when a slice's pagination starts again from its first page. */
export interface PaginationResetPolicy {
  readonly action: "RESET" | "SPLIT_USING_CURSOR";
  /** `limits.number_of_records`: reset once a pagination has read this many records. */
  readonly maxRecords?: number;
}

/**
 * `PaginationReset` (a `SimpleRetriever`'s `pagination_reset`): when a slice's pagination starts again
 * from its first page, for APIs whose pagination runs out (an offset capped at 10,000) or breaks (a
 * cursor that expires). It restarts when the error handler answers `RESET_PAGINATION`, and, with
 * `limits.number_of_records`, once a pagination read that many records. As in the kit, without a cursor
 * a slice may restart once: a second reset of the same slice is `PAGINATION_RESET_LIMIT`. `RESET`
 * re-reads the slice as it is; `SPLIT_USING_CURSOR` would narrow a date window to the records not read
 * yet, which Sluice does not do: on a stream without an incremental cursor it is `RESET` (as in the
 * kit), on a date window it is refused when the reset happens (`PAGINATION_RESET_LIMIT`).
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   pagination_reset:
 *     type: PaginationReset
 *     action: RESET
 *     limits: { type: PaginationResetLimits, number_of_records: 10000 }
 */
export const PaginationResetComponent: ComponentFactory<PaginationResetPolicy> = defineComponent({
  type: "PaginationReset",
  kind: "pagination_reset",
  description: "Describes what triggers pagination reset and how to handle it. If SPLIT_USING_CURSOR, the connector developer is accountable for ensuring that the records are returned in ascending order.",
  examples: [{ action: "RESET", limits: { type: "PaginationResetLimits", number_of_records: 10000 } }],
  fieldDefaults: { limits: "PaginationResetLimits" },
  schema: Type.Object({
    action: Type.Union([Type.Literal("SPLIT_USING_CURSOR"), Type.Literal("RESET")]),
    limits: Type.Optional(componentSchema("pagination_reset_limits")),
  }, { title: "Pagination Reset" }),
  async build(def, ctx) {
    const limits = await ctx.build<{ numberOfRecords?: number } | undefined>("limits");
    return { action: def.action, maxRecords: limits?.numberOfRecords };
  },
});

/** `PaginationResetLimits`: what makes a pagination start again (`number_of_records`). */
export const PaginationResetLimitsComponent: ComponentFactory<{ numberOfRecords?: number }> = defineComponent({
  type: "PaginationResetLimits",
  kind: "pagination_reset_limits",
  description: "Describes the limits that trigger pagination reset",
  examples: [{ number_of_records: 10000 }],
  schema: Type.Object({ number_of_records: Type.Optional(Type.Integer({ minimum: 1 })) }, { title: "Pagination Reset Limits" }),
  build: (def) => ({ numberOfRecords: def.number_of_records }),
});

/**
 * The pages of a slice, its pagination started again (a fresh `read()`) when the error handler answers
 * `RESET_PAGINATION` or the policy's record limit is reached, as the kit's SimpleRetriever with its
 * PaginationTracker: without a cursor, the same slice is read at most twice.
 */
export async function* resettablePages(read: () => AsyncIterable<DataRecord[]>, options: { policy?: PaginationResetPolicy; slice: StreamSlice; stream: string; logger?: Logger }): AsyncGenerator<DataRecord[]> {
  const allowed = 2;
  let attempts = 0;
  for (;;) {
    let count = 0;
    let reset = false;
    const pages = read()[Symbol.asyncIterator]();
    try {
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        yield next.value;
        count += next.value.length;
        if (options.policy?.maxRecords !== undefined && count >= options.policy.maxRecords) {
          reset = true;
          await pages.return?.();
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof SluiceError && error.code === "PAGINATION_RESET_REQUIRED")) throw error;
      reset = true;
    }
    if (!reset) return;
    if (options.policy?.action === "SPLIT_USING_CURSOR" && Object.keys(sliceCursor(options.slice)).length > 0) {
      throw new PaginationError("PAGINATION_RESET_LIMIT", "pagination_reset action SPLIT_USING_CURSOR needs a slice narrowed to the records not read yet, which Sluice does not do", {
        where: { stream: options.stream },
        expected: "action: RESET, or a stream without a date-window cursor",
        found: `a reset of the slice ${JSON.stringify(sliceCursor(options.slice))}`,
      });
    }
    attempts++;
    if (attempts >= allowed) {
      throw new PaginationError("PAGINATION_RESET_LIMIT", `There were ${attempts} attempts with the same slice already while the max allowed is ${allowed}`, {
        where: { stream: options.stream },
        expected: `at most ${allowed - 1} reset of one slice`,
        found: `${attempts} resets`,
      });
    }
    options.logger?.info(`Hitting PaginationReset event: the pagination of a slice of ${options.stream} starts again from its first page`);
  }
}
