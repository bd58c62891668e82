import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileCondition, compileScalar, createInterpolator } from "../../templates/index.js";
import { TemplateError } from "../../sdk/errors/index.js";

const NOW = Date.parse("2024-03-15T12:34:56Z");
const interpolator = createInterpolator({ clock: () => NOW });
const PAGINATOR = ["response", "headers", "last_record", "last_page_size"];
const REQUESTER = ["next_page_token", "stream_slice"];
const base = { config: { page_size: 50, start_date: "2024-01-01" }, parameters: { name: "users" } };

function templateError(code: string, ...fragments: string[]): (e: unknown) => boolean {
  return (e: unknown) => {
    assert.ok(e instanceof TemplateError, `expected a TemplateError, got ${String(e)}`);
    assert.equal(e.code, code);
    for (const f of fragments) assert.ok(e.describe().includes(f), `${JSON.stringify(f)} missing from:\n${e.describe()}`);
    return true;
  };
}

describe("compiling a template", () => {
  it("refuses, at build time, a name the field does not have, naming the template, the name and the manifest path", () => {
    const path = "streams[0].retriever.paginator.pagination_strategy.cursor_value";
    assert.throws(() => interpolator.compile("{{ last_records[-1]['id'] }}", { path, names: PAGINATOR }),
      templateError("TEMPLATE_UNDEFINED_NAME", "last_records", path, "{{ last_records[-1]['id'] }}"));
  });

  it("refuses a name used only in a branch that never runs, as the kit does", () => {
    assert.throws(() => interpolator.compile("{{ x if false else 1 }}", { path: "p" }), templateError("TEMPLATE_UNDEFINED_NAME", "'x'"));
  });

  it("reports a syntax error with the manifest path", () => {
    assert.throws(() => interpolator.compile("{{ config['a' }}", { path: "streams[1].retriever.requester.path" }),
      templateError("TEMPLATE_SYNTAX", "streams[1].retriever.requester.path"));
    assert.throws(() => interpolator.compile("{{ 1 | no_such_filter }}", { path: "p" }), templateError("TEMPLATE_SYNTAX", "no_such_filter"));
  });

  it("refuses stream_state where the field does not offer it (requester fields do)", () => {
    assert.throws(() => interpolator.compile("{{ stream_state.updated_at }}", { path: "p", names: REQUESTER }), templateError("TEMPLATE_STREAM_STATE"));
    assert.equal(interpolator.compile("{{ stream_state.updated_at }}", { path: "p", names: [...REQUESTER, "stream_state"] }).render({ ...base, stream_state: { updated_at: "x" } }), "x");
  });

  it("accepts config, parameters and the macros without listing them", () => {
    const t = interpolator.compile("{{ parameters.name }}-{{ config.page_size }}-{{ today_utc() }}", { path: "p" });
    assert.equal(t.eval(base), "users-50-2024-03-15");
  });
});

describe("a static string", () => {
  it("is marked static and still gets the literal step", () => {
    const t = interpolator.compile("100", { path: "page_size" });
    assert.equal(t.isStatic, true);
    assert.equal(t.eval(base), 100);
    assert.equal(t.render(base), "100");
    assert.equal(interpolator.compile("None", { path: "p" }).eval(base), null);
    assert.equal(interpolator.compile("https://api.example.com", { path: "p" }).eval(base), "https://api.example.com");
  });

  it("is not static when it holds {{, {% or a {# comment", () => {
    assert.equal(interpolator.compile("{{ 1 }}", { path: "p" }).isStatic, false);
    assert.equal(interpolator.compile("{% if true %}x{% endif %}", { path: "p" }).isStatic, false);
    assert.equal(interpolator.compile("a{# note #}b", { path: "p" }).eval(base), "ab");
  });

  it("gives each caller its own copy of a list or dict", () => {
    const t = interpolator.compile("[1, 2]", { path: "p" });
    const first = t.eval(base) as number[];
    first.push(3);
    assert.deepEqual(t.eval(base), [1, 2]);
  });
});

describe("evaluating (InterpolatedString semantics)", () => {
  const cursor = interpolator.compile("{{ response.next }}", { path: "cursor_value", names: PAGINATOR });

  it("returns the typed value of the render", () => {
    assert.equal(cursor.eval({ ...base, response: { next: "abc" } }), "abc");
    assert.equal(cursor.eval({ ...base, response: { next: 42 } }), 42);
    assert.equal(cursor.eval({ ...base, response: { next: "007" } }), "007");
  });

  it("returns an empty string for a missing key one level deep", () => {
    assert.equal(cursor.eval({ ...base, response: {} }), "");
  });

  it("raises TEMPLATE_UNDEFINED_VALUE (Jinja's UndefinedError) two levels deep, with the path", () => {
    const t = interpolator.compile("{{ headers.link.next.url }}", { path: "streams[0].cursor_value", names: PAGINATOR });
    assert.throws(() => t.eval({ ...base, headers: { link: {} } }), templateError("TEMPLATE_UNDEFINED_VALUE", "streams[0].cursor_value"));
  });

  it("treats a declared name absent from the context as None", () => {
    assert.equal(interpolator.compile("{{ last_record }}", { path: "p", names: PAGINATOR }).eval(base), null);
  });

  it("shows stream_slice as stream_partition and stream_interval", () => {
    const t = interpolator.compile("{{ stream_partition.id }}/{{ stream_interval['start'] }}/{{ stream_slice.id }}", { path: "p", names: REQUESTER });
    assert.equal(t.eval({ ...base, stream_slice: { id: 7, start: "2024" } }), "7/2024/7");
  });

  it("uses the injected clock for the time macros", () => {
    const t = interpolator.compile("{{ now_utc().strftime('%Y-%m-%dT%H:%M:%S') }} {{ day_delta(1, format='%d') }}", { path: "p" });
    assert.equal(t.eval(base), "2024-03-15T12:34:56 16");
  });

  it("reads headers exactly as the caller built them (the parsed Link header at headers.link)", () => {
    const t = interpolator.compile("{{ headers.link.next.url }}", { path: "p", names: PAGINATOR });
    assert.equal(t.eval({ ...base, headers: { link: { next: { url: "https://x/2", rel: "next" } } } }), "https://x/2");
  });
});

describe("conditions (InterpolatedBoolean semantics)", () => {
  const stop = interpolator.compile("{{ response.get('has_more') is false }}", { path: "stop_condition", names: PAGINATOR });

  it("follows the kit's false values", () => {
    assert.equal(stop.test({ ...base, response: { has_more: false } }), true);
    assert.equal(stop.test({ ...base, response: { has_more: true } }), false);
    assert.equal(interpolator.compile("{{ response.get('x') }}", { path: "p", names: PAGINATOR }).test({ ...base, response: {} }), true);
    assert.equal(interpolator.compile("{{ 0 }}", { path: "p" }).test(base), false);
    assert.equal(interpolator.compile("{{ 'false' }}", { path: "p" }).test(base), false);
    assert.equal(interpolator.compile("{{ 'null' }}", { path: "p" }).test(base), true);
  });

  it("counts an undefined-value error as false", () => {
    const t = interpolator.compile("{{ headers.link.next.url }}", { path: "p", names: PAGINATOR });
    assert.equal(t.test({ ...base, headers: { link: {} } }), false);
  });
});

describe("nested values (InterpolatedNestedMapping semantics)", () => {
  it("drops entries that evaluate to None, empty or undefined, and keeps other values", () => {
    const body = interpolator.compileNested({
      page: "{{ next_page_token['next_page_token'] }}", size: "{{ config['page_size'] }}", fixed: 3, flag: false,
      nested: { since: "{{ stream_slice.start }}", gone: "{{ stream_slice.a.b }}" }, list: ["{{ 1 }}", null],
    }, { path: "request_body_json", names: REQUESTER });
    assert.deepEqual(body.eval({ ...base, next_page_token: null, stream_slice: { start: "2024" } }),
      { size: 50, fixed: 3, flag: false, nested: { since: 2024 }, list: [1, null] });
    assert.deepEqual(body.eval({ ...base, next_page_token: { next_page_token: "t" }, stream_slice: { start: "x" } }),
      { page: "t", size: 50, fixed: 3, flag: false, nested: { since: "x" }, list: [1, null] });
  });

  it("keeps the rendered text of a leaf whose type is not accepted (the requester's valid_value_types)", () => {
    const params = interpolator.compileNested({ half: "{{ 10 / 2 }}", size: "{{ config.page_size }}", none: "{{ None }}", q: "'x'", ids: "[1, 2]", gone: "" },
      { path: "request_parameters" }, { validTypes: ["str", "list"] });
    assert.deepEqual(params.eval(base), { half: "5.0", size: "50", none: "None", q: "x", ids: [1, 2] });
  });

  it("interpolates keys", () => {
    const v = interpolator.compileNested({ "{{ parameters.name }}_id": "{{ 5 }}" }, { path: "p" });
    assert.deepEqual(v.eval(base), { users_id: 5 });
  });

  it("checks names at build time", () => {
    assert.throws(() => interpolator.compileNested({ a: ["{{ response }}"] }, { path: "body", names: REQUESTER }),
      templateError("TEMPLATE_UNDEFINED_NAME", "body.a[0]"));
  });
});

describe("compileScalar and compileCondition", () => {
  it("evaluate numbers, booleans and templates alike", () => {
    assert.equal(compileScalar(interpolator, 100, { path: "page_size" }).eval(base), 100);
    assert.equal(compileScalar(interpolator, "{{ config.page_size }}", { path: "page_size" }).eval(base), 50);
    assert.equal(compileScalar(interpolator, "25", { path: "page_size" }).eval(base), 25);
    assert.equal(compileScalar(interpolator, null, { path: "page_size" }).eval(base), null);
    assert.equal(compileCondition(interpolator, true, { path: "c" }).test(base), true);
    assert.equal(compileCondition(interpolator, "{{ config.page_size > 10 }}", { path: "c" }).test(base), true);
  });
});

describe("generate_uuid", () => {
  it("returns a fresh version 4 UUID on each evaluation", () => {
    const t = interpolator.compile("{{ generate_uuid() }}", { path: "p" });
    const a = t.eval(base) as string;
    assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(t.eval(base), a);
  });
});

describe("the paginator's headers object", () => {
  it("is read case-insensitively and safely through templates (headers.link, headers['x-next'], .get)", async () => {
    const { templateHeaders } = await import("../../plugins/shared/pagination-context.js");
    const raw = new Map([["X-Next-Cursor", "c2"], ["Link", '<https://api.example.com/items?page=2>; rel="next"']]);
    const response = {
      status: 200, url: "https://api.example.com/items", text: () => "{}", json: () => ({}), bytes: () => new Uint8Array(), documents: () => [{}],
      headers: { get: (n: string) => [...raw].find(([k]) => k.toLowerCase() === n.toLowerCase())?.[1] ?? null, entries: () => raw.entries() },
      links: { next: { url: "https://api.example.com/items?page=2", rel: "next" } },
    };
    const headers = templateHeaders(response);
    const t = (source: string): unknown => interpolator.compile(source, { path: "p", names: PAGINATOR }).eval({ ...base, headers });
    assert.equal(t("{{ headers.link.next.url }}"), "https://api.example.com/items?page=2");
    assert.equal(t("{{ headers['x-next-cursor'] }}"), "c2");
    assert.equal(t("{{ headers.get('X-NEXT-CURSOR') }}"), "c2");
    assert.equal(t("{{ 'next' in headers['link'] }}"), true);
    assert.equal(t("{{ headers.constructor }}"), "");
    assert.equal(t("{{ headers['Link'] }}"), '<https://api.example.com/items?page=2>; rel="next"');
    assert.equal(t("{{ headers['x-missing'] is defined }}"), false);
  });

  it("copies every header only when the template enumerates them, under the names the server sent", async () => {
    const { templateHeaders } = await import("../../plugins/shared/pagination-context.js");
    const raw = new Map([["X-Next-Cursor", "c2"], ["X-Total", "40"]]);
    let copies = 0;
    const response = {
      status: 200, url: "https://api.example.com/items", text: () => "{}", json: () => ({}), bytes: () => new Uint8Array(), documents: () => [{}],
      headers: { get: (n: string) => [...raw].find(([k]) => k.toLowerCase() === n.toLowerCase())?.[1] ?? null, entries: () => (copies++, raw.entries()) },
      links: {},
    };
    const t = (source: string): unknown => interpolator.compile(source, { path: "p", names: PAGINATOR }).eval({ ...base, headers: templateHeaders(response) });
    assert.equal(t("{{ headers['x-total'] }}"), 40);
    assert.equal(t("{{ 'X-TOTAL' in headers }}"), true);
    assert.equal(copies, 0);
    assert.deepEqual(t("{{ headers.keys() | list }}"), ["X-Next-Cursor", "X-Total", "link"]);
    assert.equal(t("{{ headers | length }}"), 3);
    assert.equal(copies, 2);
  });
});

describe("the names a template reads", () => {
  it("lists the context names used, not locals, macros or attributes", () => {
    const compiled = interpolator.compile("{% set x = 1 %}{{ response.headers_count if headers else now_utc() }}{{ x }}", { path: "p", names: ["response", "headers"] });
    assert.deepEqual([...compiled.names].sort(), ["headers", "response"]);
  });

  it("is empty for a static string", () => {
    assert.equal(interpolator.compile("plain", { path: "p" }).names.size, 0);
  });
});

describe("Python TypeErrors while rendering (the kit returns the template's own text)", () => {
  const NEXT = "{{ response.next | regex_search('page=(\\d+)') }}";

  it("fails a value clearly with TEMPLATE_EVAL, naming the template and the manifest path", () => {
    for (const [template, context] of [[NEXT, { response: { next: null } }], [NEXT, { response: {} }], ["{{ 'page' + 1 }}", { response: {} }]] as const) {
      const compiled = interpolator.compile(template, { path: "streams[0].x", names: ["response"] });
      assert.throws(() => compiled.eval({ ...base, ...context }), templateError("TEMPLATE_EVAL", "TypeError", "streams[0].x", "template's own text"));
      assert.throws(() => compiled.render({ ...base, ...context }), templateError("TEMPLATE_EVAL", "TypeError"));
    }
  });

  it("fails a nested value (request_parameters) rather than sending the template text", () => {
    const params = interpolator.compileNested({ page: NEXT }, { path: "request_parameters", names: ["response"] }, { validTypes: ["str", "list"] });
    assert.throws(() => params.eval({ ...base, response: { next: null } }), templateError("TEMPLATE_EVAL", "TypeError"));
    assert.deepEqual(params.eval({ ...base, response: { next: "https://x/?page=3" } }), { page: "3" });
  });

  it("keeps the kit's outcome in a condition: the template text is non-empty, so true", () => {
    const condition = interpolator.compile("{{ record.name | regex_search('^a') }}", { path: "record_filter.condition", names: ["record"] });
    assert.equal(condition.test({ ...base, record: { name: null } }), true);
    assert.equal(condition.test({ ...base, record: {} }), true);
    assert.equal(condition.test({ ...base, record: { name: "bob" } }), false);
    assert.equal(condition.test({ ...base, record: { name: "abe" } }), false, "regex_search gives group 1 or ''");
  });
});

describe("a regular expression used again and again", () => {
  it("finds the same match on every call, with the pattern compiled once (no position left from the call before)", () => {
    const page = interpolator.compile("{{ response.next | regex_search('page=(\\d+)') }}", { path: "p", names: ["response"] });
    const replaced = interpolator.compile("{{ response.next | regex_replace('page=\\d+', 'page=N') }}", { path: "p", names: ["response"] });
    for (let i = 0; i < 3; i++) {
      assert.equal(page.render({ ...base, response: { next: "https://x/?page=3" } }), "3");
      assert.equal(page.render({ ...base, response: { next: "?page=12&page=13" } }), "12");
      assert.equal(replaced.render({ ...base, response: { next: "?page=4&page=5" } }), "?page=N&page=N");
    }
  });
});

describe("Jinja's self", () => {
  it("is in scope everywhere, never reported undeclared, and any attribute of it renders empty (source-snapchat-marketing)", () => {
    const message = interpolator.compile("Skipping {{self.name}} stream.", { path: "error_message", names: ["response"] });
    assert.equal(message.render({ ...base, response: {} }), "Skipping  stream.");
    assert.equal(message.names.has("self"), false);
    assert.equal(interpolator.compile("{{ self.name | default('x') }}", { path: "p" }).render(base), "x");
  });
});

describe("datetime.isoformat(sep, timespec)", () => {
  const render = (template: string) => interpolator.compile(template, { path: "p" }).render(base);
  it("honours timespec, positional or keyword (source-quickbooks: now_utc().isoformat('T', 'seconds'))", () => {
    assert.equal(render("{{ now_utc().isoformat('T', 'seconds') }}"), "2024-03-15T12:34:56+00:00");
    assert.equal(render("{{ now_utc().isoformat(timespec='minutes') }}"), "2024-03-15T12:34+00:00");
    assert.equal(render("{{ now_utc().isoformat(' ', 'milliseconds') }}"), "2024-03-15 12:34:56.000+00:00");
    assert.equal(render("{{ now_utc().isoformat(timespec='hours', sep='_') }}"), "2024-03-15_12+00:00");
  });
  it("refuses an unknown timespec as Python does", () => {
    assert.throws(() => render("{{ now_utc().isoformat('T', 'weeks') }}"), templateError("TEMPLATE_EVAL", "ValueError", "Unknown timespec value"));
  });
});

describe("lists built in a template", () => {
  it("append and extend build a list, as source-gitlab's partition list does in the kit's sandboxed Jinja", () => {
    const template = "{% set slices = [] %}{% for id in config['groups'] %}{% set _ = slices.append({'path': 'groups/' + id}) %}{% endfor %}{% set _ = slices.extend(['x']) %}{{ slices }}";
    const value = interpolator.compile(template, { path: "partition_router.values" }).eval({ config: { groups: ["a", "b"] } });
    assert.deepEqual(value, [{ path: "groups/a" }, { path: "groups/b" }, "x"]);
  });
});
