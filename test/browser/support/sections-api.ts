import { json, startLoopback, type Loopback, type SeenRequest } from "../../plugins/auth/support/loopback.js";

/** A record of the events API: its project and when it last changed. */
interface Event {
  id: string;
  updated_at: string;
}

/** The events of each project, by `updated_at`. */
export const EVENTS: Record<string, Event[]> = {
  p1: [
    { id: "e1", updated_at: "2024-01-01T10:00:00Z" },
    { id: "e2", updated_at: "2024-01-03T10:00:00Z" },
  ],
  p2: [{ id: "e3", updated_at: "2024-01-02T10:00:00Z" }],
};

/** The loopback API of the stream sections' scenarios, and every request it saw. */
export interface SectionsApi {
  url: string;
  seen: SeenRequest[];
  /** How many more `/flaky` requests answer 429 before one answers 200. */
  throttle: number;
  close(): Promise<void>;
}

/**
 * The API the stream sections' browser scenarios build connectors for:
 * - `/projects`: the parent stream, `[{ id: "p1" }, { id: "p2" }]`;
 * - `/projects/<id>/events?since=&until=`: the incremental child, the project's events whose
 *   `updated_at` lies in [since, until] (either may be absent);
 * - `/tickets?status=`: a parameterized stream, one ticket per status, with a `Title` and an `internal` field;
 * - `/flaky`: 429 (`Retry-After: 0`) while `throttle` > 0, then two records; `/gone`: 404.
 */
export async function startSectionsApi(): Promise<SectionsApi> {
  const loopback: Loopback = await startLoopback();
  const api: SectionsApi = { url: loopback.url, seen: [], throttle: 0, close: () => loopback.close() };
  const record = (handler: (req: SeenRequest, res: Parameters<Parameters<Loopback["route"]>[1]>[1]) => void) => (req: SeenRequest, res: Parameters<Parameters<Loopback["route"]>[1]>[1]) => {
    api.seen.push(req);
    handler(req, res);
  };
  loopback.route("/projects", record((_req, res) => json(res, 200, [{ id: "p1" }, { id: "p2" }])));
  for (const [project, events] of Object.entries(EVENTS)) {
    loopback.route(
      `/projects/${project}/events`,
      record((req, res) => {
        const since = req.query.get("since");
        const until = req.query.get("until");
        json(res, 200, events.filter((e) => (!since || e.updated_at >= since) && (!until || e.updated_at <= until)));
      }),
    );
  }
  loopback.route("/tickets", record((req, res) => {
    const status = req.query.get("status") ?? "none";
    json(res, 200, [{ id: `${status}-1`, Title: `A ${status} ticket`, status, internal: "x" }]);
  }));
  loopback.route("/flaky", record((_req, res) => {
    if (api.throttle > 0) {
      api.throttle--;
      res.setHeader("Retry-After", "0");
      return json(res, 429, { error: "slow down" });
    }
    json(res, 200, [{ id: 1 }, { id: 2 }]);
  }));
  loopback.route("/gone", record((_req, res) => json(res, 404, { error: "not found" })));
  return api;
}
