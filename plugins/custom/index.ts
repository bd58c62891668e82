import { definePlugin } from "../../sdk/index.js";

/** The built-in custom components. */
export const customPlugin = definePlugin({
  name: "sluice:custom",
  register() {
    // components are registered here as they are written
  },
});
