import { definePlugin } from "../../sdk/index.js";

/** The built-in pagination components. */
export const paginationPlugin = definePlugin({
  name: "sluice:pagination",
  register() {
    // components are registered here as they are written
  },
});
