"""JSON Schema validation of everything the project reads and writes.

Schemas live in ``schemas/`` (draft 2020-12, each with an ``$id`` of the form
``https://digiconform.dev/schemas/<name>.schema.json``) and are cross-referenced with ``$ref``
through a :mod:`referencing` registry. Validation uses the :mod:`jsonschema` package only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match, relevance
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from oracle.errors import InvalidInputError
from oracle.resources import schemas_dir

BASE_URI = "https://digiconform.dev/schemas/"


@cache
def registry() -> Registry:
    """A registry holding every schema in ``schemas/`` (protocol schemas included)."""
    resources = []
    root = schemas_dir()
    for path in sorted(root.rglob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents, DRAFT202012)))
    return Registry().with_resources(resources)


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator for schema ``name`` (e.g. ``"state"``, ``"protocol/start"``).

    :raises KeyError: no schema of that name.
    """
    uri = f"{BASE_URI}{name}.schema.json"
    schema = registry().contents(uri)
    return Draft202012Validator(schema, registry=registry())


def describe(error: ValidationError) -> tuple[str, str]:
    """``(json_path, message)`` of a schema error, said as precisely as the schema allows.

    An error of a combinator (``oneOf``/``anyOf``, "... is not valid under any of the given
    schemas") is replaced by its most relevant sub-error (:func:`jsonschema.exceptions.
    best_match` over ``error.context``), which names the field at fault. A field a schema
    forbids outright with ``{"not": {}, "description": ...}`` (``target`` in a dcg setup) is
    explained by that description, a sentence naming the field, instead of "... should not be
    valid under {}".
    """
    if error.context:
        error = best_match([error]) or error
    message = error.message
    schema = error.schema
    if error.validator == "not" and isinstance(schema, dict) and schema.get("not") in ({}, True):
        name = error.path[-1] if error.path else None
        message = schema.get("description") or (
            f"{name!r} is not allowed here" if isinstance(name, str) else "not allowed here")
    return error.json_path, message


def errors(instance: Any, name: str) -> Iterator[tuple[str, str]]:
    """Yield ``(json_path, message)`` for every schema error of ``instance`` against ``name``
    (each said as :func:`describe` says it), the most relevant first."""
    for err in sorted(validator(name).iter_errors(instance), key=relevance, reverse=True):
        yield describe(err)


def validate(instance: Any, name: str) -> None:
    """Validate ``instance`` against schema ``name``.

    :raises InvalidInputError: with the JSON path and reason of the most relevant error
        (:func:`describe`).
    """
    err = best_match(validator(name).iter_errors(instance))
    if err is not None:
        raise InvalidInputError(*describe(err))
