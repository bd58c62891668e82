import { demoUsers } from "../data.js";
import { sendJson, type DemoRouter } from "../router.js";

/** The API key every demo endpoint under /v1 accepts in the `X-Api-Key` header. */
export const DEMO_API_KEY = "demo-key-123";

/**
 * Endpoints without pagination: `GET /v1/plans` (a top-level array) and `GET /v1/me`, both behind an API key.
 *
 * @example
 * curl -H 'X-Api-Key: demo-key-123' http://127.0.0.1:PORT/v1/plans
 */
export function registerBasicRoutes(router: DemoRouter): void {
  router.add("GET", "/v1/plans", (req, res) => {
    if (req.headers["x-api-key"] !== DEMO_API_KEY) return sendJson(res, 401, { error: "invalid api key" });
    sendJson(res, 200, [
      { id: "free", price: 0 },
      { id: "pro", price: 20 },
    ]);
  });
  router.add("GET", "/v1/me", (req, res) => {
    if (req.headers["x-api-key"] !== DEMO_API_KEY) return sendJson(res, 401, { error: "invalid api key" });
    sendJson(res, 200, { user: demoUsers(1)[0] });
  });
}
