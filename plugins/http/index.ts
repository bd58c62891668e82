import { definePlugin } from "../../sdk/index.js";
import { HttpRequesterComponent } from "./http-requester.js";
import { RequestOptionComponent } from "./request-option.js";
import { RequestPathComponent } from "./request-path.js";

/** The requester and the request options. */
export const httpPlugin = definePlugin({
  name: "sluice:http",
  register(ctx) {
    ctx.registerComponent(HttpRequesterComponent);
    ctx.registerComponent(RequestOptionComponent);
    ctx.registerComponent(RequestPathComponent);
  },
});
