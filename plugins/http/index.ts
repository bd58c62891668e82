import { definePlugin } from "../../sdk/index.js";
import { HttpRequesterComponent } from "./http-requester.js";
import { RequestOptionComponent } from "./request-option.js";
import { RequestPathComponent } from "./request-path.js";
import { RequestBodyJsonObjectComponent } from "./request-body-json-object.js";
import { RequestBodyUrlEncodedFormComponent } from "./request-body-url-encoded-form.js";
import { RequestBodyPlainTextComponent } from "./request-body-plain-text.js";
import { RequestBodyGraphQLComponent } from "./request-body-graphql.js";

/** The requester, the request options and the typed request bodies. */
export const httpPlugin = definePlugin({
  name: "sluice:http",
  register(ctx) {
    ctx.registerComponent(HttpRequesterComponent);
    ctx.registerComponent(RequestOptionComponent);
    ctx.registerComponent(RequestPathComponent);
    ctx.registerComponent(RequestBodyJsonObjectComponent);
    ctx.registerComponent(RequestBodyUrlEncodedFormComponent);
    ctx.registerComponent(RequestBodyPlainTextComponent);
    ctx.registerComponent(RequestBodyGraphQLComponent);
  },
});
