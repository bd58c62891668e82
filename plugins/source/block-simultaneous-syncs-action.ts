import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";

/** A built stream-group action: today only the kit's one, `BlockSimultaneousSyncsAction`. */
export interface StreamGroupAction {
  readonly kind: "stream_group_action";
  readonly blockSimultaneousReads: true;
}

/**
 * `BlockSimultaneousSyncsAction`: the action of a `stream_groups` entry: the group's streams are never
 * read at the same time; a stream whose group has another stream reading waits until that one ended,
 * while streams of no group (or other groups) go on. For APIs that allow one session or one report at
 * a time.
 *
 * @example
 * stream_groups:
 *   reports:
 *     streams: ["#/definitions/daily_report", "#/definitions/weekly_report"]
 *     action: { type: BlockSimultaneousSyncsAction }
 */
export const BlockSimultaneousSyncsActionComponent: ComponentFactory<StreamGroupAction> = defineComponent({
  type: "BlockSimultaneousSyncsAction",
  kind: "stream_group_action",
  description: "Action that prevents streams in the same group from being read concurrently. When applied to a stream group, streams with this action will be deferred if another stream in the same group is currently active.",
  examples: [{}],
  schema: Type.Object({}, { title: "Block Simultaneous Syncs Action" }),
  build: () => ({ kind: "stream_group_action", blockSimultaneousReads: true }),
});
