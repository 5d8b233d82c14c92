#!/usr/bin/env python3
"""Checks JSON documents against a JSON Schema with an independent validator (Python's
jsonschema, draft 2020-12), for the tests that compare it with stepflow's own checks.

usage: json-schema-check.py SCHEMA FILE...

The schema itself is first checked against the draft 2020-12 metaschema. Then one line per
FILE, in order: "valid", or "invalid: <the validator's first message>" (a file that is not
JSON is "invalid: not JSON: …"). Exit status: 0 when every line was written, 2 on a usage
error or an unusable schema, 3 when the jsonschema module is missing (pip install jsonschema).
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("json-schema-check.py: the jsonschema module is missing (pip install jsonschema)",
          file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.Draft202012Validator
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as error:
        print(f"json-schema-check.py: {argv[0]} is not a draft 2020-12 schema: {error.message}",
              file=sys.stderr)
        return 2
    validator = validator_class(schema)
    for path in argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (ValueError, UnicodeDecodeError) as error:
            print(f"invalid: not JSON: {error}")
            continue
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        if error is None:
            print("valid")
        else:
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"invalid: {where}: {error.message}".replace("\n", " "))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
