import { sendJson, type DemoRouter } from "../router.js";
import { DEMO_API_KEY } from "./basic.js";

/** The reports behind `GET /v1/reports`: 7 of them, 3 per page, so pages 0, 1 and 2. */
export const DEMO_REPORTS = Array.from({ length: 7 }, (_, i) => ({ id: `rep_${i + 1}`, title: `Report ${i + 1}` }));
const PER_PAGE = 3;

/**
 * An endpoint whose pagination no built-in strategy expresses directly: pages are numbered from 0
 * and every page reports `total_pages`, so the last page is known without reading an empty one.
 * The custom-strategy example reads it with a small TypeScript class.
 *
 * @example
 * curl -H 'X-Api-Key: demo-key-123' 'http://127.0.0.1:PORT/v1/reports?page=0'
 * # {"data":[{"id":"rep_1",...},...],"page":0,"total_pages":3}
 */
export function registerCustomRoutes(router: DemoRouter): void {
  router.add("GET", "/v1/reports", (req, res) => {
    if (req.headers["x-api-key"] !== DEMO_API_KEY) return sendJson(res, 401, { error: "invalid api key" });
    const page = Number(req.url.searchParams.get("page") ?? "0");
    if (!Number.isInteger(page) || page < 0) return sendJson(res, 400, { error: "page must be an integer from 0" });
    const totalPages = Math.ceil(DEMO_REPORTS.length / PER_PAGE);
    sendJson(res, 200, { data: DEMO_REPORTS.slice(page * PER_PAGE, (page + 1) * PER_PAGE), page, total_pages: totalPages });
  });
}
