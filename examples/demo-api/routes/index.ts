import type { DemoRouter } from "../router.js";
import { registerAuthRoutes } from "./auth.js";
import { registerBasicRoutes } from "./basic.js";
import { registerCustomRoutes } from "./custom.js";
import { registerOAuthServerRoutes } from "./oauth-server.js";
import { registerPaginationRoutes } from "./pagination.js";

/** Every route file of the demo API; each registers its own endpoints. */
export function registerRoutes(router: DemoRouter): void {
  registerBasicRoutes(router);
  registerOAuthServerRoutes(router);
  registerPaginationRoutes(router);
  registerCustomRoutes(router);
  registerAuthRoutes(router);
}
