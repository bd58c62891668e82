/**
 * now_utc() has microseconds, as the kit's datetime.now(utc) has; a host clock in milliseconds keeps
 * working, and a clock with nowMicroseconds gives the exact microsecond.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { Clock, wallClockMicroseconds } from "../../sdk/index.js";
import { createInterpolator } from "../../templates/index.js";
import { FakeClock } from "../support/fake-clock.js";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";

const site = { path: "test" };

describe("now_utc() precision", () => {
  it("has microseconds with the system clock (the kit's str(datetime.now(utc)))", () => {
    const template = createInterpolator().compile("{{ now_utc() }}", site);
    const values = Array.from({ length: 50 }, () => template.render({}));
    for (const value of values) assert.match(value, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    assert.ok(values.some((value) => /\.\d{3}[1-9]\d\d\+|\.\d{4}[1-9]\d\+|\.\d{5}[1-9]\+/.test(value)), `some value has digits below the millisecond: ${values.slice(0, 3).join(", ")}`);
  });

  it("keeps a host clock in milliseconds working (its microseconds are 000)", () => {
    const template = createInterpolator({ clock: () => Date.parse("2024-03-15T12:34:56.789Z") }).compile("{{ now_utc().strftime('%Y-%m-%dT%H:%M:%S.%f') }}", site);
    assert.equal(template.render({}), "2024-03-15T12:34:56.789000");
  });

  it("uses a microsecond clock when one is given", () => {
    const micros = BigInt(Date.parse("2024-03-15T12:34:56.789Z")) * 1000n + 123n;
    const interpolator = createInterpolator({ clock: () => Number(micros / 1000n), clockMicroseconds: () => micros });
    assert.equal(interpolator.compile("{{ now_utc() }}", site).render({}), "2024-03-15 12:34:56.789123+00:00");
    assert.equal(interpolator.compile("{{ day_delta(1) }}", site).render({}), "2024-03-16T12:34:56.789123+0000");
  });
});

describe("a host's Clock with nowMicroseconds", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: { data: [] } }));
  });
  after(() => api.close());

  it("reaches now_utc() in the manifest's templates and a cursor's default end", async () => {
    const clock = new FakeClock(Date.parse("2024-03-15T12:34:56.789Z")) as FakeClock & { nowMicroseconds(): bigint };
    clock.nowMicroseconds = () => BigInt(clock.now()) * 1000n + 456n;
    const sluice = createSluice({ logLevel: "error" });
    sluice.register(Clock, clock);
    const manifest = oneStreamManifest({
      urlBase: api.url,
      requester: { request_parameters: { asked_at: "{{ now_utc() }}" } },
      incrementalSync: {
        type: "DatetimeBasedCursor",
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%S.%fZ",
        start_datetime: "2024-03-01T00:00:00.000000Z",
        end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "until" },
      },
    });
    const connector = await sluice.connect({ manifest, config: {} });
    for await (const _record of connector.read("items")) break;
    const query = api.requests.at(-1)!.url.searchParams;
    assert.equal(query.get("asked_at"), "2024-03-15 12:34:56.789456+00:00");
    assert.equal(query.get("until"), "2024-03-15T12:34:56.789456Z");
  });
});

describe("the system clock is the wall clock (a long-lived host whose clock was corrected)", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: { data: [] } }));
  });
  after(() => api.close());

  /** Runs `body` while Date.now() is a day ahead of the process's high-resolution clock: an NTP step after start. */
  async function afterClockStep<T>(body: (wallMs: () => number) => Promise<T>): Promise<T> {
    const real = Date.now;
    const stepped = () => real() + 86_400_000;
    Date.now = stepped;
    try {
      return await body(stepped);
    } finally {
      Date.now = real;
    }
  }

  it("takes the millisecond from the wall clock and only the microseconds within it from the high-resolution clock", () => {
    assert.equal(wallClockMicroseconds(1764253200123, 1764166800999.4567), 1764253200123456n);
    assert.equal(wallClockMicroseconds(1764253200123, 5), 1764253200123000n);
  });

  it("now_utc() and a cursor's default end move with the wall clock's correction, as datetime.now(timezone.utc) does", async () => {
    await afterClockStep(async (wallMs) => {
      const rendered = Number(createInterpolator().compile("{{ now_utc().timestamp() }}", site).render({})) * 1000;
      assert.ok(Math.abs(rendered - wallMs()) < 5_000, `now_utc() ${new Date(rendered).toISOString()}, the wall clock ${new Date(wallMs()).toISOString()}`);
      const manifest = oneStreamManifest({
        urlBase: api.url,
        requester: { request_parameters: { asked_at: "{{ now_utc().strftime('%s') }}", today: "{{ today_utc() }}" } },
        incrementalSync: {
          type: "DatetimeBasedCursor",
          cursor_field: "updated_at",
          datetime_format: "%s",
          start_datetime: "1700000000",
          end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "until" },
        },
      });
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest, config: {} });
      for await (const _record of connector.read("items")) break;
      const query = api.requests.at(-1)!.url.searchParams;
      for (const name of ["asked_at", "until"]) assert.ok(Math.abs(Number(query.get(name)) * 1000 - wallMs()) < 5_000, `${name}=${query.get(name)}, the wall clock ${Math.floor(wallMs() / 1000)}`);
      assert.equal(query.get("today"), new Date(wallMs()).toISOString().slice(0, 10));
    });
  });
});
