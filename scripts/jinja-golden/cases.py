"""The golden cases: (mode, template, extra context). Modes: "string" (InterpolatedString), "boolean"
(InterpolatedBoolean), "nested" (InterpolatedNestedMapping; the template is a JSON value), "params" (the
requester's request_parameters: values restricted to str and list, None entries dropped).
Every case also gets `config` and `parameters` below."""

CONFIG = {
    "api_key": "k3y", "start_date": "2024-01-01T00:00:00Z", "page_size": 50, "page_size_str": "25",
    "client_id": "id", "client_secret": "se cret", "subdomain": "acme", "flag": True, "off": False, "empty": "",
    "nested": {"a": {"b": 1}}, "list": [1, 2, 3], "zero": 0, "none": None, "tz": "America/New_York",
    "date_only": "2024-02-29", "ts": 1700000000, "ts_ms": 1700000000123, "region": "eu", "names": ["a", "b"],
    "ratio": 0.5, "host": "https://api.example.com/v1/", "words": "  Hello World  ", "camel": "someCamelCase",
    "unicode": "café", "quote": "it's", "num_text": "123", "b64": "aGVsbG8gd29ybGQ=", "email": "a.b+c@example.com",
}
PARAMETERS = {"name": "users", "path": "users", "limit": 10, "primary_key": "id"}
RESPONSE = {
    "data": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], "next": "https://api.example.com/users?page=2",
    "has_more": True, "cursor": "abc123", "meta": {"next_cursor": None, "total": 42, "page": 3},
    "_metadata": {"next": "m1"}, "count": 0, "items": "items-key", "links": {"next": {"href": "/p2"}},
    "nothing": None, "empty_list": [], "flag_str": "false", "num_str": "007", "float": 1.5, "done": False,
    "__proto__": {"polluted": True}, "constructor": "c",
}
HEADERS = {
    "link": {"next": {"url": "https://api.example.com/users?page=2", "rel": "next"},
             "last": {"url": "https://api.example.com/users?page=9", "rel": "last"}},
    "X-Rate-Limit": "100", "Content-Type": "application/json",
}
LAST_RECORD = {"id": 2, "updated_at": "2024-03-01T10:00:00Z", "name": "b"}
PAG = dict(response=RESPONSE, headers=HEADERS, last_record=LAST_RECORD, last_page_size=2)
SLICE = {"start_time": "2024-01-01", "end_time": "2024-01-31", "parent_id": 7}
REQ = dict(next_page_token={"next_page_token": "tok"}, stream_slice=SLICE)
REQ_FIRST = dict(next_page_token=None, stream_slice=SLICE)
NOLINK = dict(response={"data": []}, headers={"link": {}}, last_record=None, last_page_size=0)


def S(t, **ctx):
    return ("string", t, ctx)


def B(t, **ctx):
    return ("boolean", t, ctx)


def N(v, **ctx):
    return ("nested", v, ctx)


def P(v, **ctx):
    return ("params", v, ctx)


CASES = [
    # --- plain strings and the literal step -------------------------------------------------
    S("abc"), S("123"), S("0"), S("007"), S("-5"), S("+5"), S("1_000"), S("0x1F"), S("0o17"), S("0b101"), S("00"),
    S("3.14"), S(".5"), S("5."), S("1e3"), S("1e400"), S("True"), S("False"), S("None"), S("true"), S("null"),
    S("none"), S("'x'"), S('"x"'), S("[1, 2]"), S("(1, 2)"), S("1,2"), S("{'a': 1}"), S("{1, 2}"), S("1+2"),
    S("1+2j"), S("2024-01-01"), S("12:30"), S("1.0.0"), S("1__0"), S(""), S("  42"), S("42  "), S("42 # comment"),
    S("-inf"), S("nan"), S("[1, [2, 3], {'k': None}]"), S("()"), S("[]"), S("{}"), S("set()"), S("'a' 'b'"),
    S("r'\\d'"), S("'\\n'"), S("9173710294242221"), S("12345678901234567890"), S("b'x'"), S("..."), S("--1"),
    S("f'x'"), S("[1,]"), S("(1,)"), S("{'a': [1, 2], 'b': {'c': True}}"), S("1 2"), S("'unterminated"),
    S("hello world"), S("https://example.com/a?b=1"), S("abc\n"), S("{{ '123' }}"), S("{{ '007' }}"),
    S("{{ 'None' }}"), S("{{ \"'quoted'\" }}"), S("{{ '[1, 2]' }}"), S("{{ ' 5' }}"), S("{{ '5 ' }}"),
    S("{{ '1e3' }}"), S("{{ 'True' }}"), S("{{ '-0' }}"), S("{{ '0.0' }}"), S("{{ '{}' }}"),

    # --- config / parameters / values and their rendering -----------------------------------
    S("{{ config['api_key'] }}"), S("{{ config.api_key }}"), S("{{ config['page_size'] }}"),
    S("{{ config['page_size_str'] }}"), S("{{ config['flag'] }}"), S("{{ config['off'] }}"), S("{{ config['none'] }}"),
    S("{{ config['empty'] }}"), S("{{ config['missing'] }}"), S("{{ config.missing }}"), S("{{ config['nested'] }}"),
    S("{{ config['nested']['a']['b'] }}"), S("{{ config.nested.a.b }}"), S("{{ config['list'] }}"),
    S("{{ config['names'] }}"), S("{{ config['ratio'] }}"), S("{{ config['zero'] }}"), S("{{ parameters['name'] }}"),
    S("{{ parameters.path }}"), S("{{ parameters.limit }}"), S("{{ parameters['missing'] }}"),
    S("{{ config['quote'] }}"), S("{{ [config['quote']] }}"), S("{{ [config['unicode']] }}"), S("{{ config['unicode'] }}"),
    S("{{ config['missing']['deeper'] }}"), S("{{ config.missing.deeper }}"),
    S("https://{{ config['subdomain'] }}.example.com/api"), S("{{ config['host'] }}{{ parameters['path'] }}"),
    S("/{{ parameters.path }}/{{ stream_slice.parent_id }}", **REQ), S("{{ config['page_size'] }} items"),
    S("{{ None }}"), S("{{ none }}"), S("{{ True }}"), S("{{ true }}"), S("{{ False }}"), S("{{ [1, 'a', None, True] }}"),
    S("{{ {'k': 'v', 'n': 1} }}"), S("{{ {'a': {'b': 1}} }}"), S("{{ {'a': {'b': 1} } }}"), S("{{ {'a': 1}}}"),
    S("{% set d = {'a': {'b': '}}'}} %}{{ d.a.b }}"), S("{% raw %}{{ {'a': {'b': 1}}}} {% endraw %}"), S("x}}y{{ 1 }}"), S("{{ (1, 2) }}"), S("{{ (1,) }}"), S("{{ [] }}"), S("{{ {} }}"),
    S("{{ 1.5 }}"), S("{{ 2.0 }}"), S("{{ 1e20 }}"), S("{{ 0.1 + 0.2 }}"), S("{{ 10 / 4 }}"), S("{{ 4 / 2 }}"),
    S("x{{ 4 / 2 }}"), S("{{ 7 // 2 }}"), S("{{ -7 // 2 }}"), S("{{ 7 % 3 }}"), S("{{ -7 % 3 }}"), S("{{ 2 ** 10 }}"),
    S("{{ 2 ** -1 }}"), S("{{ 1 + 2 * 3 }}"), S("{{ (1 + 2) * 3 }}"), S("{{ 10 - 2 - 3 }}"), S("{{ 1 / 0 }}"),
    S("{{ 1 // 0 }}"), S("{{ 'a' + 'b' }}"), S("{{ 'a' + 1 }}"), S("x {{ 'a' + 1 }}"), S("{{ 'ab' * 3 }}"),
    S("{{ [1] * 3 }}"), S("{{ [1] + [2] }}"), S("{{ 'a' ~ 1 ~ None ~ True }}"), S("{{ config['page_size'] + 1 }}"),
    S("{{ config['page_size'] * 2 }}"), S("{{ config['page_size_str'] | int + 1 }}"), S("{{ -config['page_size'] }}"),
    S("{{ True + 1 }}"), S("{{ 0.5 * 4 }}"), S("{{ 3 * 0.1 }}"), S("{{ 1e-5 }}"), S("{{ 123456789.0 * 10 }}"),
    S("{{ 1 < 2 }}"), S("{{ 1 < 2 < 3 }}"), S("{{ 3 > 2 > 2 }}"), S("{{ 'a' < 'b' }}"), S("{{ 1 == 1.0 }}"),
    S("{{ 1 == True }}"), S("{{ 'a' == 'a' }}"), S("{{ [1, 2] == [1, 2] }}"), S("{{ {'a': 1} == {'a': 1} }}"),
    S("{{ None == None }}"), S("{{ 1 != 2 }}"), S("{{ 'a' < 1 }}"), S("{{ None < 1 }}"), S("{{ config.missing == None }}"),
    S("{{ [1, 2] < [1, 3] }}"),

    # --- precedence --------------------------------------------------------------------------
    S("{{ 'a' ~ 1 + 2 }}"), S("{{ 4 * 3 % 5 }}"), S("{{ 7 * 3 / 2 }}"), S("{{ 1 == 1 is true }}"), S("{{ 9 is divisibleby 3 }}"),
    S("{{ 1 if 0 else 2 if 0 else 3 }}"), S("{{ 1 in [1] == True }}"), S("{{ not 'a' in 'abc' }}"), S("{{ 'a' + 'b' ~ 'c' }}"),
    S("{{ 2 + 3 * 4 ** 2 }}"), S("{{ -2 ** 2 }}"), S("{{ 10 - 2 + 3 }}"), S("{{ 1 < 2 == True }}"), S("{{ 2 ** 3 ** 2 }}"),
    S("{{ -3 | abs + 1 }}"), S("{{ [1, 2] | length * 2 }}"), S("{{ 'x' ~ 2 * 3 }}"), S("{{ 1 is number and 2 is number }}"),
    S("{{ config.missing is defined or 'd' }}"), S("{{ response.cursor if response.has_more else None }}", **PAG),

    # --- expressions from real manifests ------------------------------------------------------
    S("{{ response.get('paging', {}).get('next', {}).get('after') }}", **PAG), S("{{ (response.data | last).id }}", **PAG),
    S("{{ config.get('api_key') }}"), S("{{ config.get('missing', 'd') }}"), S("{{ response['next'] | urlencode }}", **PAG),
    S("{{ config['start_date'] ~ 'T00:00:00Z' }}"), S("{{ config['start_date'][:10] }}"), S("{{ response.meta.total // parameters.limit }}", **PAG),
    S("{{ str_to_datetime(last_record.updated_at) < now_utc() }}", **PAG),
    S("{{ format_datetime(last_record['updated_at'], '%Y-%m-%d', '%Y-%m-%dT%H:%M:%SZ') }}", **PAG),
    S("{{ timestamp(last_record.updated_at) | int }}", **PAG), S("{{ (timestamp(config['start_date']) * 1000) | int }}"),
    S("{{ now_utc().strftime('%s') }}"), S("{{ config['api_key'] }} "), S("{{ 5 }} "), S("\n{{ 5 }}"), S(" \n5"),
    S("{{ '\t5' }}"), S("\n  5"), S("\n# c\n5"), S("(1,\n2)"), S("{{ '\\r\\n5' }}"), S("5\n\n"), S("[\n1,\n2\n]"),
    S("{{ \"a\\nb\" }}"), S("{{ '\\x41' }}"), S("{{ 'a\\\\b' }}"), S("{{ '\\u00e9' }}"), S("{{ 'tab\\there' }}"), S("{{ 'q\\\"q' }}"), S("{{ 'it\\'s' }}"), S("{{ 'a' }}{{ 'b' }}"), S("{{ 1 }}{{ 2 }}"),
    S("{{ response.data | map(attribute='name') | join(',') }}", **PAG), S("{{ response.data | selectattr('id', 'gt', 1) | map(attribute='id') | first }}", **PAG),
    S("{{ headers.link.get('next', {}).get('url') }}", **NOLINK), S("{{ (headers.link.next or {}).url }}", **NOLINK),
    S("{{ response.data[0].id if response.data else None }}", **NOLINK), S("{{ last_page_size == parameters.limit }}", **PAG),
    S("{{ stream_slice['start_time'] | replace('-', '') }}", **REQ), S("{{ (config['page_size'] / 3) | round(2) }}"),
    S("{{ config['page_size'] / 3 }}"), S("{{ 1 / 3 }}"), S("{{ 2 / 3 * 3 }}"), S("{{ 1e16 }}"), S("{{ 123456789012345.6 }}"), S("{{ 0.0001 }}"),

    # --- and / or / not / if-else -----------------------------------------------------------
    S("{{ config['missing'] or 'fallback' }}"), S("{{ config['empty'] or 'fallback' }}"), S("{{ config['zero'] or 5 }}"),
    S("{{ config['api_key'] and 'yes' }}"), S("{{ config['off'] and 'yes' }}"), S("{{ not config['flag'] }}"),
    S("{{ not config['missing'] }}"), S("{{ 'a' if config['flag'] else 'b' }}"), S("{{ 'a' if config['off'] else 'b' }}"),
    S("{{ 'a' if config['off'] }}"), S("{{ 1 if config['missing'] else 2 }}"), S("{{ config['none'] or config['zero'] }}"),
    S("{{ [] or {} }}"), S("{{ 0 or 0.0 }}"), S("{{ '' or None }}"), S("{{ 'x' if 0 else '' }}"),

    # --- in / not in ------------------------------------------------------------------------
    S("{{ 'a' in 'cat' }}"), S("{{ 'z' in 'cat' }}"), S("{{ 1 in [1, 2] }}"), S("{{ 3 not in [1, 2] }}"),
    S("{{ 'k' in {'k': 1} }}"), S("{{ 'v' in {'k': 'v'} }}"), S("{{ 'next' in headers['link'] }}", **PAG),
    S("{{ 'next' not in headers['link'] }}", **PAG), S("{{ 'next' not in headers['link'] }}", **NOLINK),
    S("{{ 1 in 'abc' }}"), S("{{ 'a' in config.missing }}"), S("{{ 'a' in None }}"), S("{{ 1.0 in [1] }}"),
    S("{{ 'id' in last_record }}", **PAG), S("{{ 'data' in response and response['data'] | length > 0 }}", **PAG),

    # --- tests ------------------------------------------------------------------------------
    S("{{ response.get('has_more') is false }}", **PAG), S("{{ response.done is false }}", **PAG),
    S("{{ response.done is true }}", **PAG), S("{{ response.count is false }}", **PAG),
    S("{{ response.nothing is none }}", **PAG), S("{{ response.missing is none }}", **PAG),
    S("{{ response.missing is defined }}", **PAG), S("{{ response.missing is undefined }}", **PAG),
    S("{{ response.data is defined }}", **PAG), S("{{ response.cursor is not none }}", **PAG),
    S("{{ response.meta.next_cursor is none }}", **PAG), S("{{ 1 is number }}"), S("{{ 1.5 is float }}"),
    S("{{ 1 is integer }}"), S("{{ 'a' is string }}"), S("{{ {} is mapping }}"), S("{{ [] is iterable }}"),
    S("{{ [] is sequence }}"), S("{{ 4 is even }}"), S("{{ 3 is odd }}"), S("{{ 9 is divisibleby(3) }}"),
    S("{{ 'abc' is lower }}"), S("{{ 'ABC' is upper }}"), S("{{ True is boolean }}"), S("{{ 1 is sameas 1 }}"),
    S("{{ 2 is in [1, 2] }}"), S("{{ 1 is eq 1 }}"), S("{{ 3 is gt 2 }}"), S("{{ 3 is lt 2 }}"), S("{{ None is none }}"),
    S("{{ response.nothing is not defined }}", **PAG), S("{{ 1 is nosuchtest }}"),

    # --- attribute / item access, negative indexes, slicing -----------------------------------
    S("{{ response.next }}", **PAG), S("{{ response['next'] }}", **PAG), S("{{ response.data[0].id }}", **PAG),
    S("{{ response['data'][-1]['id'] }}", **PAG), S("{{ response.data[-1].name }}", **PAG),
    S("{{ response.data[5] }}", **PAG), S("{{ response.data[5].id }}", **PAG), S("{{ response.data[-3] }}", **PAG),
    S("{{ response.data[1:] }}", **PAG), S("{{ response.data[:1] }}", **PAG), S("{{ response.data[::-1] }}", **PAG),
    S("{{ 'abcdef'[1:3] }}"), S("{{ 'abcdef'[-2:] }}"), S("{{ 'abcdef'[::2] }}"), S("{{ 'abc'[0] }}"),
    S("{{ 'abc'[-1] }}"), S("{{ 'abc'[10] }}"), S("{{ [1, 2, 3][-1] }}"), S("{{ [1, 2, 3][1:-1] }}"),
    S("{{ response._metadata.next }}", **PAG), S("{{ response['_metadata']['next'] }}", **PAG),
    S("{{ response.meta.next_cursor }}", **PAG), S("{{ response.meta['total'] }}", **PAG),
    S("{{ response.missing }}", **PAG), S("{{ response.missing.deeper }}", **PAG), S("{{ response.nothing.deeper }}", **PAG),
    S("{{ response.nothing['x'] }}", **PAG), S("{{ response.items }}", **PAG), S("{{ response['items'] }}", **PAG),
    S("{{ response.links.next.href }}", **PAG), S("{{ response.data[0]['missing'] }}", **PAG),
    S("{{ response.data.id }}", **PAG), S("{{ response.float }}", **PAG), S("{{ response.num_str }}", **PAG),
    S("{{ response.flag_str }}", **PAG), S("{{ response['__proto__'] }}", **PAG), S("{{ response.constructor }}", **PAG),
    S("{{ response.count }}", **PAG), S("{{ response.data | length }}", **PAG), S("{{ response.data[0] }}", **PAG),
    S("{{ last_record['id'] }}", **PAG), S("{{ last_record.updated_at }}", **PAG), S("{{ last_page_size }}", **PAG),
    S("{{ last_record['id'] }}", **NOLINK), S("{{ last_record }}", **NOLINK),
    S("{{ headers.link.next.url }}", **PAG), S("{{ headers['link']['next']['url'] }}", **PAG),
    S("{{ headers.link.next.url }}", **NOLINK), S("{{ headers['X-Rate-Limit'] }}", **PAG),
    S("{{ headers['x-rate-limit'] }}", **PAG), S("{{ headers.link.last.url }}", **PAG),

    # --- next_page_token and stream slices ----------------------------------------------------
    S("{{ next_page_token['next_page_token'] }}", **REQ), S("{{ next_page_token['next_page_token'] }}", **REQ_FIRST),
    S("{{ next_page_token['next_page_token'] or '0' }}", **REQ_FIRST), S("{{ next_page_token.next_page_token }}", **REQ_FIRST),
    S("{{ next_page_token['next_page_token'] or 1 }}", **REQ), S("{{ stream_slice['start_time'] }}", **REQ),
    S("{{ stream_partition['parent_id'] }}", **REQ), S("{{ stream_interval.end_time }}", **REQ),
    S("{{ stream_slice.missing }}", **REQ), S("{{ stream_slice }}", **REQ),

    # --- python methods ---------------------------------------------------------------------
    S("{{ response.get('cursor') }}", **PAG), S("{{ response.get('missing') }}", **PAG),
    S("{{ response.get('missing', 'dflt') }}", **PAG), S("{{ response.get('meta').get('total') }}", **PAG),
    S("{{ response.meta.items() | list }}", **PAG), S("{{ response.meta.keys() | list }}", **PAG),
    S("{{ response.meta.values() | list }}", **PAG), S("{{ config.nested.keys() | list }}"),
    S("{{ response.meta.items() }}", **PAG), S("{{ config.nested.keys() }}"), S("{{ 'v: ' ~ config.nested.a.values() }}"),
    S("{{ config.nested.a.items() | length }}"), S("{{ config.nested.keys() | first }}"),
    S("{% for k, v in config.nested.a.items() %}{{ k }}={{ v }};{% endfor %}"), S("{{ 'abc'.startswith('a') }}"),
    S("{{ 'abc'.startswith(('x', 'a')) }}"), S("{{ 'abc'.endswith('bc') }}"), S("{{ 'a,b,c'.split(',') }}"),
    S("{{ 'a b  c'.split() }}"), S("{{ 'a,b,c'.split(',', 1) }}"), S("{{ config['words'].strip() }}"),
    S("{{ config['words'].lstrip() }}"), S("{{ config['words'].rstrip() }}"), S("{{ 'xxabcxx'.strip('x') }}"),
    S("{{ 'AbC'.lower() }}"), S("{{ 'AbC'.upper() }}"), S("{{ 'a-b-c'.replace('-', '_') }}"),
    S("{{ 'a-b-c'.replace('-', '_', 1) }}"), S("{{ '{}/{}'.format('a', 1) }}"), S("{{ '{0}-{0}'.format('x') }}"),
    S("{{ '{name}!'.format(name='bob') }}"), S("{{ '{:03d}'.format(7) }}"), S("{{ '{:.2f}'.format(3.14159) }}"),
    S("{{ '{:>5}|'.format('ab') }}"), S("{{ ','.join(['a', 'b']) }}"), S("{{ 'abc'.find('c') }}"), S("{{ 'abc'.index('b') }}"),
    S("{{ 'abc'.index('z') }}"), S("{{ 'a-a'.count('a') }}"), S("{{ 'hello world'.title() }}"),
    S("{{ 'hello'.capitalize() }}"), S("{{ '42'.isdigit() }}"), S("{{ '7'.zfill(3) }}"), S("{{ [3, 4].index(4) }}"),
    S("{{ [3, 4, 3].count(3) }}"), S("{{ [3, 4].index(9) }}"), S("{{ 'abc'.nosuchmethod() }}"),
    S("{{ response.get('data')[0].get('name') }}", **PAG), S("{{ 'a=1&b=2'.split('&')[1].split('=')[1] }}"),
    S("{{ config['email'].split('@')[0] }}"), S("{{ 'x'.join('abc') }}"), S("{{ 'abc'.upper().lower() }}"),

    # --- set / if / for ---------------------------------------------------------------------
    S("{% set x = 3 %}{{ x * 2 }}"),
    S("{% set ns = namespace(found=false) %}{% for r in response.data %}{% if r.id == 2 %}{% set ns.found = true %}{% endif %}{% endfor %}{{ ns.found }}", **PAG),
    S("{% set ns = namespace(total=0) %}{% for r in response.data %}{% set ns.total = ns.total + r.id %}{% endfor %}{{ ns.total }}", **PAG),
    S("{% set d = {} %}{% set d.x = 1 %}{{ d }}"), S("{% set ns.x = 1 %}{{ ns }}"), S("{% set t = 0 %}{% for r in [1, 2] %}{% set t = t + r %}{% endfor %}{{ t }}"), S("{% set a, b = [1, 2] %}{{ a + b }}"), S("{% set s %}in{{ 1 }}{% endset %}{{ s }}"),
    S("{% if config['flag'] %}yes{% else %}no{% endif %}"), S("{% if config['off'] %}yes{% elif config['zero'] %}z{% else %}no{% endif %}"),
    S("{% if response.has_more %}{{ response.cursor }}{% endif %}", **PAG), S("{% if response.done %}{{ response.cursor }}{% endif %}", **PAG),
    S("{% for r in response.data %}{{ r.id }},{% endfor %}", **PAG), S("{% for i in [] %}x{% else %}empty{% endfor %}"),
    S("{% for r in response.data %}{{ loop.index }}{% if not loop.last %}-{% endif %}{% endfor %}", **PAG),
    S("{% for c in 'ab' %}{{ c }}{% endfor %}"), S("{% for k in {'a': 1, 'b': 2} %}{{ k }}{% endfor %}"),
    S("{# comment #}x"), S("{{ 1 }}{# c #}{{ 2 }}"), S("  {{- ' a ' -}}  "), S("{% set x = config.missing %}{{ x }}"),
    S("{% set x = response.data | map(attribute='id') | list %}{{ x }}", **PAG), S("{% raw %}{{ x }}{% endraw %}"),
    S("{{ 1 }}\n"), S("line1\nline2"), S("{% for i in config.missing %}x{% endfor %}end"),

    # --- filters: jinja built-ins -----------------------------------------------------------
    S("{{ config['missing'] | default('d') }}"), S("{{ config['empty'] | default('d') }}"),
    S("{{ config['empty'] | default('d', true) }}"), S("{{ config['none'] | default('d') }}"), S("{{ config.missing | d(5) }}"),
    S("{{ config['names'] | join(',') }}"), S("{{ config['list'] | join('-') }}"), S("{{ response.data | join(',', attribute='name') }}", **PAG),
    S("{{ '12' | int }}"), S("{{ '12.7' | int }}"), S("{{ 'abc' | int }}"), S("{{ 'abc' | int(7) }}"), S("{{ 3.9 | int }}"),
    S("{{ '0x1A' | int(0, 16) }}"), S("{{ None | int }}"), S("{{ config.missing | int }}"), S("{{ '1.5' | float }}"),
    S("{{ 'x' | float }}"), S("{{ 2 | float }}"), S("{{ config['list'] | length }}"), S("{{ 'abc' | length }}"),
    S("{{ config.missing | length }}"), S("{{ config['nested'] | length }}"), S("{{ config['list'] | first }}"),
    S("{{ config['list'] | last }}"), S("{{ [] | first }}"), S("{{ 'abc' | first }}"), S("{{ 'ABC' | lower }}"),
    S("{{ 'abc' | upper }}"), S("{{ 'a-b' | replace('-', '+') }}"), S("{{ config['words'] | trim }}"),
    S("{{ 'xxhixx' | trim('x') }}"), S("{{ {'b': 1, 'a': [1, 'x<y']} | tojson }}"), S("{{ 'é' | tojson }}"),
    S("{{ None | tojson }}"), S("{{ 'a b/c&d' | urlencode }}"), S("{{ {'q': 'a b', 'n': 1} | urlencode }}"),
    S("{{ 'hello world' | title }}"), S("{{ 'hello' | capitalize }}"), S("{{ [3, 1, 2] | sort }}"),
    S("{{ [3, 1, 2] | sort(reverse=true) }}"), S("{{ ['b', 'A', 'c'] | sort }}"), S("{{ [1, 2, 1] | unique | list }}"),
    S("{{ [1, 2, 3] | reverse | list }}"), S("{{ 'abc' | reverse }}"), S("{{ [1, 2, 3] | sum }}"), S("{{ [1, 5, 3] | max }}"),
    S("{{ [1, 5, 3] | min }}"), S("{{ -3 | abs }}"), S("{{ 2.5 | round }}"), S("{{ 3.5 | round }}"), S("{{ 2.567 | round(2) }}"),
    S("{{ 2.1 | round(0, 'ceil') }}"), S("{{ response.data | map(attribute='id') | list }}", **PAG),
    S("{{ ['1', '2'] | map('int') | list }}"), S("{{ response.data | selectattr('id', 'equalto', 2) | list }}", **PAG),
    S("{{ [0, 1, 2] | select | list }}"), S("{{ [0, 1, 2] | reject('odd') | list }}"), S("{{ {'b': 1, 'a': 2} | dictsort }}"),
    S("{{ {'a': 1} | items | list }}"), S("{{ 'a b c' | wordcount }}"), S("{{ '%s-%s' | format('a', 1) }}"),
    S("{{ '<b>' | e }}"), S("{{ 'abc' | list }}"), S("{{ 'x' | center(5) }}"), S("{{ 'hello world foo' | truncate(9) }}"),
    S("{{ 1 | nosuchfilter }}"), S("{{ 'abc' | string }}"), S("{{ 5 | string }}"), S("x={{ [1, 2] | string }}"),
    S("{{ {'a': 1} | string }}"), S("{{ None | string }}"), S("{{ response.data | tojson }}", **PAG),
    S("{{ config['list'] | join }}"), S("{{ config.missing | join(',') }}"), S("{{ response.data | first | tojson }}", **PAG),

    # --- filters: the kit's -----------------------------------------------------------------
    S("{{ [config['client_id'], config['client_secret']] | join(':') | base64encode }}"), S("{{ 'hello world' | base64encode }}"),
    S("{{ config['b64'] | base64decode }}"), S("{{ 'MTIzNDU=' | base64decode }}"), S("{{ 'aGVsbG8' | base64decode }}"),
    S("{{ 5 | base64encode }}"), S("{{ 'café' | base64encode }}"), S("{{ 'abc' | base64binascii_decode }}"),
    S("{{ 'abc' | hash }}"), S("{{ 'abc' | hash('sha256') }}"), S("{{ 'abc' | hash('sha1', 'salt') }}"),
    S("{{ 'abc' | hash('sha512') }}"), S("{{ 'abc' | hash('nope') }}"), S("{{ 123 | hash('md5') }}"),
    S("{{ 'msg' | hmac('key') }}"), S("{{ 'msg' | hmac('key', 'sha256') }}"), S("{{ 'msg' | hmac('key', 'md5') }}"),
    S("{{ 'order_123_x' | regex_search('order_(\\\\d+)') }}"), S("{{ 'abc' | regex_search('z(\\\\d)') }}"),
    S("{{ 'abc' | regex_search('b') }}"), S("{{ 'a1b22' | regex_replace('\\\\d+', '#') }}"),
    S("{{ 'john smith' | regex_replace('(\\\\w+) (\\\\w+)', '\\\\2, \\\\1') }}"),
    S("{{ headers.link.next.url | regex_search('page=(\\\\d+)') }}", **PAG),
    S("{{ 'page=2&x=1' | regex_search('page=(?P<p>\\\\d+)') }}"),

    # --- macros -----------------------------------------------------------------------------
    S("{{ now_utc() }}"), S("{{ now_utc().strftime('%Y-%m-%dT%H:%M:%SZ') }}"), S("{{ today_utc() }}"),
    S("{{ today_utc().strftime('%Y/%m/%d') }}"), S("{{ today_with_timezone('Pacific/Auckland') }}"),
    S("{{ today_with_timezone('America/Los_Angeles') }}"), S("{{ today_with_timezone('Not/AZone') }}"),
    S("{{ timestamp('2022-02-28') }}"), S("{{ timestamp(1646006400) }}"), S("{{ timestamp(1646006400.7) }}"),
    S("{{ timestamp('2022-02-28T10:11:12+02:00') }}"), S("{{ timestamp('not a date') }}"),
    S("{{ str_to_datetime('2022-02-28') }}"), S("{{ str_to_datetime('2022-02-28T10:11:12.5+02:00') }}"),
    S("{{ str_to_datetime('20220228T101112Z') }}"), S("{{ str_to_datetime('2022-02-30') }}"),
    S("{{ str_to_datetime(config['start_date']).year }}"), S("{{ max(2, 3) }}"), S("{{ max([2, 3]) }}"),
    S("{{ min(2, 3) }}"), S("{{ max('a', 'b') }}"), S("{{ max(config['page_size'], 100) }}"), S("{{ min([]) }}"),
    S("{{ day_delta(1) }}"), S("{{ day_delta(-1, format='%Y-%m-%d') }}"), S("{{ day_delta(0.5, '%Y-%m-%dT%H:%M:%S') }}"),
    S("{{ duration('P1D') }}"), S("{{ duration('PT1H30M') }}"), S("{{ duration('P1W') }}"), S("{{ duration('P2DT3H4M5S') }}"),
    S("{{ duration('-P1D') }}"), S("{{ duration('PT0.5S') }}"), S("{{ duration('P1M') }}"), S("{{ duration('P1Y2M') }}"),
    S("{{ duration('P1Y2M3DT4H') }}"), S("{{ duration('bad') }}"), S("{{ now_utc() - duration('P1D') }}"),
    S("{{ (now_utc() - duration('P1M')).strftime('%Y-%m-%d') }}"), S("{{ (now_utc() + duration('P1Y')).year }}"),
    S("{{ (str_to_datetime('2024-01-31') + duration('P1M')).strftime('%Y-%m-%d') }}"),
    S("{{ (now_utc() - str_to_datetime('2024-03-01')).days }}"), S("{{ now_utc() > str_to_datetime('2024-01-01') }}"),
    S("{{ format_datetime(config['start_date'], '%Y-%m-%dT%H:%M:%SZ') }}"), S("{{ format_datetime(config['start_date'], '%s') }}"),
    S("{{ format_datetime(config['start_date'], '%ms') }}"), S("{{ format_datetime(config['start_date'], '%s_as_float') }}"),
    S("{{ format_datetime(config['start_date'], '%epoch_microseconds') }}"),
    S("{{ format_datetime('2024-01-01T10:20:30.123456Z', '%Y-%m-%d %H:%M:%S.%_ms') }}"),
    S("{{ format_datetime('2024-01-01T10:20:30.123456Z', '%Y-%m-%dT%H:%M:%S.%f%z') }}"),
    S("{{ format_datetime(config['ts'], '%Y-%m-%d') }}"), S("{{ format_datetime(config['ts_ms'], '%Y-%m-%dT%H:%M:%S.%_ms', '%ms') }}"),
    S("{{ format_datetime('01/02/2024', '%Y-%m-%d', '%m/%d/%Y') }}"), S("{{ format_datetime(now_utc(), '%Y') }}"),
    S("{{ format_datetime(config['date_only'], '%d %b %Y') }}"), S("{{ format_datetime(config['date_only'], '%A %B %j') }}"),
    S("{{ format_datetime('2024-01-01T00:00:00+05:00', '%Y-%m-%dT%H:%M:%S%z') }}"), S("{{ format_datetime('garbage', '%Y') }}"),
    S("{{ format_datetime(stream_slice['start_time'], '%Y-%m-%dT00:00:00Z') }}", **REQ),
    S("{{ sanitize_url('hello world/a&b') }}"), S("{{ sanitize_url(config['email']) }}"),
    S("{{ camel_case_to_snake_case('someCamelCase') }}"), S("{{ camel_case_to_snake_case('HTTPServer') }}"),
    S("{{ generate_uuid() | length }}"), S("{{ now_utc().isoformat() }}"), S("{{ now_utc().timestamp() }}"),
    S("{{ now_utc().date() }}"), S("{{ now_utc().hour }}"), S("{{ duration('PT90M').total_seconds() }}"),
    S("{{ '{:%Y-%m}'.format(now_utc()) }}"), S("{{ now_utc() | string }}"), S("{{ [now_utc()] }}"),

    # --- undeclared names, syntax errors, stream_state --------------------------------------
    S("{{ last_records[-1]['id'] }}", **PAG), S("{{ response.next }}"), S("{{ x if false else 1 }}"),
    S("{{ range(3) | list }}"), S("{{ null }}"), S("{{ stream_slice.start_time }}", **PAG), S("{{ stream_state.x }}", **REQ),
    S("{{ x }}"), S("{% set y = 1 %}{{ y }}{{ z }}"), S("{{ 1 + }}"), S("{{ config['a' }}"), S("{% if %}x{% endif %}"),
    S("{% if true %}x"), S("{{ }}"), S("{{ 'unterminated }}"), S("{{ config['x'] | }}"), S("{% for %}{% endfor %}"),
    S("{% macro m() %}x{% endmacro %}{{ m() }}"),

    # --- sandbox ------------------------------------------------------------------------------
    S("{{ ''.__class__ }}"), S("{{ ''.__class__.__mro__ }}"), S("{{ config.__class__ }}"), S("{{ config.__init__ }}"),
    S("{{ config.__class__.__init__.__globals__ }}"), S("{{ response.get.__self__ }}", **PAG), S("{{ response.__dict__ }}", **PAG),
    S("{{ ''.constructor }}"), S("{{ config.constructor }}"), S("{{ config.prototype }}"), S("{{ config['__proto__'] }}"),
    S("{{ response.constructor.constructor }}", **PAG), S("{{ config.constructor.constructor('return process')() }}"),
    S("{{ [].__class__.__base__.__subclasses__() }}"), S("{{ cycler.__init__.__globals__ }}"), S("{{ lipsum.__globals__ }}"),
    S("{{ dict.__class__ }}"), S("{{ dict(a=1) }}"), S("{{ namespace(a=1).a }}"), S("{{ config.values.__self__ }}"),
    S("{{ process }}"), S("{{ require('fs') }}"), S("{{ global }}"), S("{{ globalThis }}"), S("{{ this }}"),

    # --- boolean conditions (stop_condition, record filters) ---------------------------------
    B("{{ response.has_more is false }}", **PAG), B("{{ not response.has_more }}", **PAG), B("{{ response.done }}", **PAG),
    B("{{ response.get('x') }}", **PAG), B("{{ response.nothing }}", **PAG), B("{{ response.missing }}", **PAG),
    B("{{ response.missing.deeper }}", **PAG), B("{{ headers.link.next.url }}", **NOLINK), B("{{ headers.link.next.url }}", **PAG),
    B("{{ 'next' not in headers['link'] }}", **NOLINK), B("{{ 'next' not in headers['link'] }}", **PAG),
    B("{{ response.count }}", **PAG), B("{{ response.count == 0 }}", **PAG), B("{{ response.flag_str }}", **PAG),
    B("{{ response.empty_list }}", **PAG), B("{{ response.data }}", **PAG), B("{{ 'null' }}"), B("{{ 'no' }}"),
    B("{{ 'off' }}"), B("{{ '0.0' }}"), B("{{ '()' }}"), B("{{ '{}' }}"), B("{{ 0.0 }}"), B("{{ [] }}"), B("{{ {} }}"),
    B("{{ () }}"), B("{{ 'False' }}"), B("{{ 'True' }}"), B("{{ None }}"), B("{{ '' }}"), B("{{ ' ' }}"), B("false"),
    B("False"), B("true"), B("0"), B("1"), B("{{ last_record['id'] > 1 }}", **PAG), B("{{ last_record['id'] > 5 }}", **PAG),
    B("{{ record['status'] == 'active' }}", record={"status": "active"}), B("{{ record['status'] == 'active' }}", record={"status": "x"}),
    B("{{ record.missing == 'x' }}", record={}), B("{{ record.a.b }}", record={}), B("{{ last_page_size < 2 }}", **PAG),
    B("{{ 'a' + 1 }}"), B("{{ 1 / 0 }}"), B("{{ response.meta.page >= response.meta.total }}", **PAG),
    B("{{ not response.data }}", **PAG), B("{{ response.data | length == 0 }}", **PAG), B("{{ response.cursor }}", **PAG),
    B("{{ last_records | length == 0 }}", **PAG),

    # --- nested mappings (request_body_json, ...) ---------------------------------------------
    N({"page": "{{ next_page_token['next_page_token'] }}", "size": "{{ config['page_size'] }}"}, **REQ_FIRST),
    N({"page": "{{ next_page_token['next_page_token'] }}", "size": "{{ config['page_size'] }}"}, **REQ),
    N({"a": {"b": "{{ config['missing'] }}", "c": "{{ config['api_key'] }}"}, "d": ["{{ 1 }}", "x", 3, None]}),
    N({"filter": {"since": "{{ stream_slice['start_time'] }}", "until": "{{ stream_slice.end_time }}"}}, **REQ),
    N({"{{ config['region'] }}": "v", "k": "{{ None }}"}), N({"deep": "{{ config.missing.deeper }}", "keep": 1}),
    N(["{{ config['list'] }}", "{{ '' }}"]), N({"n": "{{ config['page_size_str'] }}", "t": "{{ 'true' }}", "f": False}),
    N({"q": "{{ 'a' ~ config.region }}", "empty": ""}), N({"ids": "{{ response.data | map(attribute='id') | list }}"}, **PAG),

    # --- request parameters (valid_value_types=(str, list)) -------------------------------------
    P({"page": "{{ next_page_token['next_page_token'] }}", "limit": "{{ config['page_size'] }}"}, **REQ_FIRST),
    P({"page": "{{ next_page_token['next_page_token'] }}", "limit": "{{ config['page_size'] }}"}, **REQ),
    P({"half": "{{ 10 / 2 }}", "none": "{{ None }}", "q": "'x'", "ids": "[1, 2]", "tuple": "1, 2", "empty": ""}),
    P({"since": "{{ stream_slice['start_time'] }}", "flag": "{{ config['flag'] }}", "zero": "{{ config['zero'] }}"}, **REQ),
    P({"cursor": "{{ stream_slice.get('cursor') }}", "missing": "{{ stream_slice.missing.deeper }}"}, **REQ),
    P({"{{ config['region'] }}_id": "{{ stream_slice.parent_id }}", "fields": "{{ config['names'] }}"}, **REQ),
]
