#!/usr/bin/env python3
"""Generates test/templates/golden.json: every case of cases.py evaluated by real Jinja2 with the
kit's environment, macros, filters, literal step and boolean rule (kit.py).

    python3 scripts/jinja-golden/generate.py

Cases Sluice deliberately evaluates differently are listed in known-differences.json (case id -> reason and
what Sluice gives instead); they are copied into the golden file so the test asserts the documented result.
"""
import hashlib
import json
import math
import os
import re
import sys

import jinja2
from jinja2.exceptions import SecurityError, TemplateSyntaxError, UndefinedError

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kit  # noqa: E402
from cases import CASES, CONFIG, PARAMETERS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "test", "templates", "golden.json")
KNOWN = os.path.join(HERE, "known-differences.json")
BUILTIN_KINDS = ["ZeroDivisionError", "OverflowError", "KeyError", "IndexError", "AttributeError", "TypeError", "ValueError"]


ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def stable(text):
    """Memory addresses (in a rendered method object) replaced, so the file is the same on every run."""
    return ADDRESS.sub(" at 0x0", text) if isinstance(text, str) else text


def encode(value):
    """A Python result as JSON; what JSON cannot hold is tagged with `$python` and its repr."""
    if isinstance(value, str):
        return stable(value)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) < 2 ** 53 else {"$python": "int", "repr": repr(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"$python": "float", "repr": repr(value)}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k if isinstance(k, str) else str(k): encode(v) for k, v in value.items()}
    return {"$python": type(value).__name__, "repr": repr(value)}


def error_kind(error):
    if isinstance(error, kit.StreamStateError):
        return "stream_state"
    if isinstance(error, kit.UndeclaredError):
        return "undeclared"
    if isinstance(error, TemplateSyntaxError):
        return "syntax"
    if isinstance(error, SecurityError):
        return "security"
    if isinstance(error, UndefinedError):
        return "undefined"
    for cls in type(error).__mro__:
        if cls.__name__ in BUILTIN_KINDS:
            return cls.__name__
    return type(error).__name__


def case_id(mode, template, ctx):
    return hashlib.sha1(json.dumps([mode, template, ctx], sort_keys=True).encode()).hexdigest()[:12]


def run(mode, template, ctx):
    fn = {"string": kit.interpolated_string, "boolean": kit.interpolated_boolean, "nested": kit.interpolated_nested,
          "params": kit.request_parameters}[mode]
    try:
        return {"value": encode(fn(template, CONFIG, PARAMETERS, **ctx))}
    except Exception as error:  # noqa: BLE001 - every failure is a recorded outcome
        return {"error": error_kind(error), "message": stable(str(error))[:200]}


def render(template, ctx):
    try:
        return kit.render_text(template, CONFIG, PARAMETERS, **ctx)
    except Exception:  # noqa: BLE001
        return None


def main():
    known = json.load(open(KNOWN)) if os.path.exists(KNOWN) else {}
    cases, seen = [], set()
    for mode, template, ctx in CASES:
        cid = case_id(mode, template, ctx)
        if cid in seen:
            continue
        seen.add(cid)
        case = {"id": cid, "mode": mode, "template": template, "context": ctx, "expect": run(mode, template, ctx)}
        if mode == "string":
            text = render(template, ctx)
            if text is not None and "generate_uuid" not in template:
                case["render"] = stable(text)
        if cid in known:
            case["known_difference"] = known[cid]
        cases.append(case)
    unused = sorted(set(known) - seen)
    if unused:
        print(f"warning: known differences for unknown cases: {unused}", file=sys.stderr)
    golden = {
        "generator": "scripts/jinja-golden/generate.py",
        "jinja2": jinja2.__version__,
        "now": kit.FROZEN_NOW.isoformat(),
        "config": CONFIG,
        "parameters": PARAMETERS,
        "cases": cases,
    }
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(cases)} cases written to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
