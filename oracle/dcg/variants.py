"""The DCG ambiguities: a view of the ``dcg`` entries of the project registry.

The entries themselves (question, readings, default, reason, evidence, worked example) live
in :data:`oracle.variants.REGISTRY` with ``ruleset == "dcg"``, beside the Digi-Battle ones, so
``digiconform ambiguities``, the harness handshake and the verifier see every ruleset. Every
reading is implemented; a game's config picks one per ambiguity (``variants``: ID ->
reading) and :func:`resolve_variants` fills in the defaults through
:func:`oracle.variants.resolve`. The state JSON carries the chosen readings.
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle import variants as registry
from oracle.variants import Ambiguity

__all__ = ["AMBIGUITIES", "RULESET", "Ambiguity", "default_variants", "resolve_variants"]

RULESET = "dcg"

#: DCG ambiguity ID -> its :class:`~oracle.variants.Ambiguity` (registry order).
AMBIGUITIES: Mapping[str, Ambiguity] = {a.id: a for a in registry.REGISTRY
                                        if a.ruleset == RULESET}


def default_variants() -> dict[str, str]:
    """Every DCG ambiguity ID mapped to its default reading."""
    return registry.defaults(RULESET)


def resolve_variants(chosen: Mapping[str, str] | None) -> tuple[tuple[str, str], ...]:
    """The full DCG reading table (defaults filled in) as sorted ``(id, reading)`` pairs.

    :raises InvalidInputError: for an unknown ambiguity ID or reading
        (``$.variants.<id>``), e.g. a Digi-Battle ID in a DCG game.
    """
    if chosen is not None and not isinstance(chosen, Mapping):
        from oracle.errors import InvalidInputError

        raise InvalidInputError("$.variants", "expected an object")
    return tuple(sorted(registry.resolve(chosen, RULESET).items()))
