import { definePlugin } from "../../sdk/index.js";
import { CursorPaginationComponent } from "./cursor-pagination.js";
import { DefaultPaginatorComponent } from "./default-paginator.js";
import { NoPaginationComponent } from "./no-pagination.js";
import { OffsetIncrementComponent } from "./offset-increment.js";
import { PageIncrementComponent } from "./page-increment.js";

export { CursorPagination } from "./cursor-pagination.js";
export { DefaultPaginator } from "./default-paginator.js";
export { NoPagination } from "./no-pagination.js";
export { OffsetIncrement } from "./offset-increment.js";
export { PageIncrement } from "./page-increment.js";
export { ProgressGuard, requestSignature } from "../shared/progress-guard.js";

/** The built-in pagination components: `DefaultPaginator`, `NoPagination` and the three strategies. */
export const paginationPlugin = definePlugin({
  name: "sluice:pagination",
  register(ctx) {
    ctx.registerComponent(DefaultPaginatorComponent);
    ctx.registerComponent(NoPaginationComponent);
    ctx.registerComponent(OffsetIncrementComponent);
    ctx.registerComponent(PageIncrementComponent);
    ctx.registerComponent(CursorPaginationComponent);
  },
});
