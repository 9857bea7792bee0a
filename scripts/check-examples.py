#!/usr/bin/env python3
"""Checks the examples in openapi.yaml against their schemas, so mocks built from them (an app's
UI tests, the reference page) are never wrong. Every schema and every problem type must have
one; every JSON body of every operation must reach one; no value is split by a comma in a flow
mapping. Exit 1 on any failure."""
import re
import sys
from pathlib import Path

import yaml
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC = Path(__file__).resolve().parent.parent / "Sources/StaffbookAPI/openapi.yaml"
spec = yaml.safe_load(SPEC.read_text())
registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
failures = []


def lookup(ref):
    node = spec
    for key in ref[2:].split("/"):
        node = node[key]
    return node


def deref(node):
    while isinstance(node, dict) and "$ref" in node:
        node = lookup(node["$ref"])
    return node


def check(where, schema, value):
    schema = {"$ref": "urn:spec" + schema["$ref"]} if "$ref" in schema else schema
    for error in OAS31Validator(schema, registry=registry).iter_errors(value):
        failures.append(f"{where}: {'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message[:200]}")


def split_values(node, path=()):
    """A key without a value outside an example: YAML ended a flow mapping's plain value at a
    comma (`{description: The entry's ETag, for the next change.}` reads as a description "The
    entry's ETag" and a key " for the next change." with no value). Quote such values."""
    if isinstance(node, dict):
        for key, value in node.items():
            if value is None and not {"example", "examples", "default"} & set(path):
                failures.append(f"{'/'.join(path)}: the key {key!r} has no value (a comma in a flow mapping split a value; quote it)")
            split_values(value, path + (str(key),))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            split_values(value, path + (str(index),))


split_values(spec)

schemas = spec["components"]["schemas"]
for name, schema in schemas.items():
    if "example" not in schema:
        failures.append(f"schema {name}: no example")
        continue
    check(f"schema {name}", {"$ref": f"#/components/schemas/{name}"}, schema["example"])

examples = spec["components"].get("examples", {})
for name, example in examples.items():
    check(f"example {name}", {"$ref": "#/components/schemas/Problem"}, example["value"])

described = re.findall(r"^\| `(urn:staffbook:problem:[a-z-]+)` \| (\d+) \|", spec["info"]["description"], re.M)
by_type = {e["value"]["type"]: e["value"] for e in examples.values()}
for problem_type, status in described:
    if problem_type not in by_type:
        failures.append(f"problem type {problem_type}: no example")
    elif by_type[problem_type]["status"] != int(status):
        failures.append(f"problem type {problem_type}: example status {by_type[problem_type]['status']}, table says {status}")

bodies = 0
for path, item in spec["paths"].items():
    for method, operation in item.items():
        if method == "parameters":
            continue
        media_types = []
        if "requestBody" in operation:
            media_types += [("request", ct, m) for ct, m in deref(operation["requestBody"]).get("content", {}).items()]
        for status, response in operation["responses"].items():
            media_types += [(status, ct, m) for ct, m in deref(response).get("content", {}).items()]
        for where, content_type, media in media_types:
            if not content_type.endswith("json"):
                continue
            bodies += 1
            label = f"{operation['operationId']} {where} {content_type}"
            schema = media.get("schema", {})
            if "example" in media:
                check(label, schema, media["example"])
            for name, example in media.get("examples", {}).items():
                check(f"{label} {name}", schema, deref(example)["value"])
            if "example" not in media and "examples" not in media and "example" not in deref(schema):
                failures.append(f"{label}: no example")

for failure in failures:
    print(failure)
print(f"{len(schemas)} schemas, {len(examples)} problem examples, {bodies} JSON bodies: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
