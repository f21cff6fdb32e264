"""JSON Schema validation of everything the project reads and writes.

Schemas live in ``schemas/`` (draft 2020-12, each with an ``$id`` of the form
``https://digiconform.dev/schemas/<name>.schema.json``) and are cross-referenced with ``$ref``
through a :mod:`referencing` registry.

Two validators stand behind each schema. A compiled one (:mod:`jsonschema_rs`, about 250×
faster on a state) answers "valid or not"; only a document it rejects is run through
:mod:`jsonschema`, whose error messages and relevance ordering (:func:`describe`) are the ones
the project reports. Both read the same schema files; ``tests/test_schemas.py`` checks that
they agree. Without :mod:`jsonschema_rs` installed, :mod:`jsonschema` does both jobs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from oracle.errors import InvalidInputError
from oracle.resources import schemas_dir

if TYPE_CHECKING:  # (imported when first needed: jsonschema costs ~0.2 s to import)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

BASE_URI = "https://digiconform.dev/schemas/"


@cache
def registry() -> Registry:
    """A registry holding every schema in ``schemas/`` (protocol schemas included)."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

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
    from jsonschema import Draft202012Validator

    uri = f"{BASE_URI}{name}.schema.json"
    schema = registry().contents(uri)
    return Draft202012Validator(schema, registry=registry())


@cache
def _documents() -> dict[str, Any]:
    """Every schema document in ``schemas/``, by ``$id``."""
    out = {}
    for path in sorted(schemas_dir().rglob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        out[contents["$id"]] = contents
    return out


@cache
def _rs_registry() -> Any:
    """One :mod:`jsonschema_rs` registry of every schema document, shared by the compiled
    validators (each built its own: some 10 ms per schema)."""
    import jsonschema_rs

    return jsonschema_rs.Registry(list(_documents().items()))


@cache
def compiled(name: str) -> Callable[[Any], bool]:
    """A fast ``is_valid(instance) -> bool`` for schema ``name`` (a compiled
    :mod:`jsonschema_rs` validator; :mod:`jsonschema`'s ``is_valid`` when that package is
    missing). Formats are annotations only, as with :mod:`jsonschema`'s default.

    :raises KeyError: no schema of that name.
    """
    uri = f"{BASE_URI}{name}.schema.json"
    docs = _documents()
    schema = docs[uri]
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - jsonschema-rs is a dependency
        return validator(name).is_valid
    rs = jsonschema_rs.validator_for(schema, registry=_rs_registry(), validate_formats=False)

    def is_valid(instance: Any) -> bool:
        try:
            return rs.is_valid(instance)
        except (ValueError, TypeError):  # (a Python value JSON cannot hold, e.g. a tuple)
            return validator(name).is_valid(instance)

    return is_valid


def is_valid(instance: Any, name: str) -> bool:
    """Whether ``instance`` is valid against schema ``name`` (the compiled validator)."""
    return compiled(name)(instance)


def describe(error: ValidationError) -> tuple[str, str]:
    """``(json_path, message)`` of a schema error, said as precisely as the schema allows.

    An error of a combinator (``oneOf``/``anyOf``, "... is not valid under any of the given
    schemas") is replaced by its most relevant sub-error (:func:`jsonschema.exceptions.
    best_match` over ``error.context``), which names the field at fault. A field a schema
    forbids outright with ``{"not": {}, "description": ...}`` (``target`` in a dcg setup) is
    explained by that description, a sentence naming the field, instead of "... should not be
    valid under {}".
    """
    from jsonschema.exceptions import best_match

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
    (each said as :func:`describe` says it), the most relevant first.

    A valid document costs one compiled check; only an invalid one is searched for errors.
    """
    if compiled(name)(instance):
        return
    from jsonschema.exceptions import relevance

    for err in sorted(validator(name).iter_errors(instance), key=relevance, reverse=True):
        yield describe(err)


def validate(instance: Any, name: str) -> None:
    """Validate ``instance`` against schema ``name``.

    :raises InvalidInputError: with the JSON path and reason of the most relevant error
        (:func:`describe`).
    """
    if compiled(name)(instance):
        return
    from jsonschema.exceptions import best_match

    err = best_match(validator(name).iter_errors(instance))
    if err is not None:
        raise InvalidInputError(*describe(err))
