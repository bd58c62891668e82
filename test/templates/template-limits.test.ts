import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createInterpolator } from "../../templates/index.js";
import { TemplateError } from "../../sdk/errors/index.js";
import { withPyRegex } from "../../python/regex.js";

// The attacks of issue 22: regex_search('(a+)+$') on 41 characters ran without bound, and 'x' * 1e8
// built a 100 MB string (larger ones failed with a bare "Invalid string length").
const interpolator = createInterpolator();
const PATH = "streams[0].transformations[0].fields[0].value";
const render = (template: string, record: Record<string, unknown> = {}) =>
  interpolator.compile(template, { path: PATH, names: ["record"] }).render({ config: {}, parameters: {}, record });

function limitError(...fragments: string[]): (e: unknown) => boolean {
  return (e: unknown) => {
    assert.ok(e instanceof TemplateError, `expected a TemplateError, got ${String(e)}`);
    assert.equal(e.code, "TEMPLATE_LIMIT", e.describe());
    for (const f of [PATH, ...fragments]) assert.ok(e.describe().includes(f), `${JSON.stringify(f)} missing from:\n${e.describe()}`);
    return true;
  };
}

describe("regular expressions in templates are bounded", () => {
  // A backtracking engine would take hours on these: the test's timeout, not a clock read, fails a regression.
  it("regex_search('(a+)+$') on 41 characters finishes at once, with Python's answer", { timeout: 60_000 }, () => {
    assert.equal(render("{{ record['s'] | regex_search('(a+)+$') }}", { s: `${"a".repeat(41)}!` }), "");
    assert.equal(render("{{ record['s'] | regex_search('(a+)+$') }}", { s: "aaa" }), "aaa");
    assert.equal(render("{{ record['s'] | regex_replace('(a+)+$', 'X') }}", { s: `b${"a".repeat(5000)}` }), "bX");
  });
  it("a catastrophic pattern the linear engine cannot run (a backreference) ends within its budget with a coded error naming the template", { timeout: 60_000 }, () => {
    const template = "{{ record['s'] | regex_search('^(a|a)*\\\\1$') }}";
    assert.throws(() => render(template, { s: `${"a".repeat(41)}!` }), limitError("ran longer than 1000 ms", "regex_search"));
  });
  it("patterns keep Python's meaning on both engines: groups, names, backreferences, flags", () => {
    assert.equal(render("{{ record['s'] | regex_search('(?P<y>\\\\d{4})-(\\\\d{2})') }}", { s: "on 2024-05-01" }), "2024");
    assert.equal(render("{{ record['s'] | regex_search('(\\\\w)\\\\1') }}", { s: "abccd" }), "c");
    assert.equal(render("{{ record['s'] | regex_replace('(?i)X(\\\\d)', '<\\\\1>') }}", { s: "x1 X2" }), "<1> <2>");
    assert.deepEqual(withPyRegex("(\\d+)-(\\d+)", (re) => [...re.exec("order 12-34")!]), ["12-34", "12", "34"]);
  });
});

describe("strings and lists a template builds are capped", () => {
  it("'x' * 100000000 fails at once with a coded error naming the template and its manifest path", () => {
    assert.throws(() => render("{{ 'x' * 100000000 }}"), limitError("'x' * 100000000", "100000000 characters", "16777216"));
    assert.throws(() => render("{{ 'x' * 1000000000 }}"), limitError("1000000000 characters"));
  });
  it("lists, concatenation, format widths and loops are capped the same way", () => {
    assert.throws(() => render("{{ [0] * 2000000 }}"), limitError("2000000 items"));
    assert.throws(() => render("{% set s = 'x' * 10000000 %}{{ s ~ s }}"), limitError("joined with ~"));
    assert.throws(() => render("{{ '{:>20000000}'.format('a') }}"), limitError("format width"));
    assert.throws(() => render("{% for i in [1] * 3000 %}{{ 'y' * 10000 }}{% endfor %}"), limitError("rendered template"));
  });
  it("sizes under the caps still render", () => {
    assert.equal(render("{{ ('ab' * 1000) | length }}"), "2000");
    assert.equal(render("{{ ([1] * 1000) | length }}"), "1000");
  });
});
