import { definePlugin } from "../../sdk/index.js";
import { DeclarativeStreamComponent } from "./declarative-stream.js";
import { InlineSchemaLoaderComponent, JsonFileSchemaLoaderComponent } from "./schema-loaders.js";
import { SimpleRetrieverComponent } from "./simple-retriever.js";
import { StateDelegatingStreamComponent } from "./state-delegating-stream.js";

/** Streams, the retriever and schema loaders. */
export const streamPlugin = definePlugin({
  name: "sluice:stream",
  register(ctx) {
    ctx.registerComponent(DeclarativeStreamComponent);
    ctx.registerComponent(StateDelegatingStreamComponent);
    ctx.registerComponent(SimpleRetrieverComponent);
    ctx.registerComponent(InlineSchemaLoaderComponent);
    ctx.registerComponent(JsonFileSchemaLoaderComponent);
  },
});
