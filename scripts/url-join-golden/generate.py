#!/usr/bin/env python3
"""Generates test/plugins/shared/url-join-golden.json: how the Python kit joins a requester's url_base and
path (HttpRequester._get_url), evaluated by Python's own urllib.parse.urljoin.

    python3 scripts/url-join-golden/generate.py

The kit strips every leading "/" from the rendered path, adds a trailing "/" to url_base when it has none,
and joins the two with urljoin; an empty path gives url_base as it is. A RequestPath token (the next page's
path or URL) is joined without stripping its leading "/" (kind "page_path").
"""
import json
import os
import sys
from urllib.parse import urljoin

CASES = [
    # (url_base, path, kind) kind: "path" (the requester's path) or "page_path" (a RequestPath token)
    ("https://api.paperform.co//v1", "/forms", "path"),
    ("https://api.paperform.co//v1/", "forms", "path"),
    ("https://api.example.com/v1", "forms", "path"),
    ("https://api.example.com/v1/", "forms", "path"),
    ("https://api.example.com/v1", "/forms", "path"),
    ("https://api.example.com/v1", "//forms", "path"),
    ("https://api.example.com/v1", "///forms/", "path"),
    ("https://api.example.com/v1", "a//b", "path"),
    ("https://api.example.com/v1", "a///b//c", "path"),
    ("https://api.example.com//v1//", "a//b/", "path"),
    ("https://api.example.com", "forms", "path"),
    ("https://api.example.com/", "/forms", "path"),
    ("https://api.example.com/v1", "", "path"),
    ("https://api.example.com/v1/", "", "path"),
    ("https://api.example.com//v1", "", "path"),
    ("https://api.example.com/v1", "./forms", "path"),
    ("https://api.example.com/v1/v2", "../forms", "path"),
    ("https://api.example.com/v1", "../../forms", "path"),
    ("https://api.example.com/v1", "forms/.", "path"),
    ("https://api.example.com/v1", "forms/..", "path"),
    ("https://api.example.com/v1", "a/./b/../c", "path"),
    ("https://api.example.com/v1", "forms?limit=10", "path"),
    ("https://api.example.com/v1", "forms?a=1&a=2#frag", "path"),
    ("https://api.example.com/v1", "?only=query", "path"),
    ("https://api.example.com/v1?key=abc", "forms", "path"),
    ("https://api.example.com/v1/?key=abc", "forms", "path"),
    ("https://api.example.com/index.php?", "api/v2/get_plans/1", "path"),
    ("https://api.example.com/v1", "https://other.example.com/x/y", "path"),
    ("https://api.example.com/v1", "http://api.example.com/v2", "path"),
    ("https://api.example.com/v1", "forms/", "path"),
    ("https://api.example.com/v1", "forms%2Fsub", "path"),
    ("https://api.example.com/v1", "forms/{id}", "path"),
    ("https://api.example.com:8443/v1", "forms", "path"),
    ("https://api.example.com/v1", "/v2/forms", "page_path"),
    ("https://api.example.com/v1", "//other.example.com/p", "page_path"),
    ("https://api.example.com/v1", "https://api.example.com/v1/forms?page=2", "page_path"),
    ("https://api.example.com//v1", "forms?page=2", "page_path"),
    ("https://api.example.com/v1", "/v2//forms", "page_path"),
]


def kit_join(url_base, path, kind):
    if kind == "path":
        path = path.lstrip("/")
    if path in ("", None):
        return url_base
    if not url_base.endswith("/"):
        url_base += "/"
    return urljoin(url_base, path)


def main():
    out = [{"url_base": b, "path": p, "kind": k, "url": kit_join(b, p, k)} for b, p, k in CASES]
    target = os.path.join(os.path.dirname(__file__), "..", "..", "test", "plugins", "shared", "url-join-golden.json")
    with open(target, "w", encoding="utf-8") as f:
        json.dump({"generator": "scripts/url-join-golden/generate.py", "python": sys.version.split()[0], "cases": out}, f, indent=2)
        f.write("\n")
    print(f"{len(out)} cases -> {os.path.normpath(target)}")


if __name__ == "__main__":
    main()
