import { definePlugin } from "../../sdk/index.js";

/** The built-in auth components. */
export const authPlugin = definePlugin({
  name: "sluice:auth",
  register() {
    // components are registered here as they are written
  },
});
