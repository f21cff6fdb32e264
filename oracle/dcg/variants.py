"""The DCG ambiguity registry: one :class:`Ambiguity` per place chapter 6 allows two readings.

Every reading is implemented; a game's config picks one per ambiguity (``variants``: ID ->
reading) and :func:`resolve_variants` fills in the defaults. The state JSON carries the
chosen readings so a report can say which reading an implementation follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from oracle.errors import InvalidInputError

__all__ = ["AMBIGUITIES", "Ambiguity", "default_variants", "resolve_variants"]


@dataclass(frozen=True, slots=True)
class Ambiguity:
    """One ambiguity: ``readings`` (reading -> what it means), the ``default`` and why."""

    id: str
    clauses: tuple[str, ...]
    question: str
    readings: Mapping[str, str]
    default: str
    reason: str
    evidence: tuple[str, ...]


AMBIGUITIES: Mapping[str, Ambiguity] = {
    a.id: a
    for a in (
        Ambiguity(
            id="DCG-AMB-1",
            clauses=("DCG-6-6-4", "DCG-6-2-1-2", "DCG-6-1-4-1"),
            question=(
                "After a postponed end of turn (6-6-4), in which phase does the turn go on? It "
                "matters when the end of turn began before the Main phase (6-2-1-2)."
            ),
            readings={
                "same-phase": (
                    "The turn stays in the phase where the end of turn was postponed and goes "
                    "on with that phase's remaining processing, then the later phases in order "
                    "(e.g. unsuspend, draw, breeding, main)."
                ),
                "main-phase": (
                    "The turn goes on in the Main phase; the skipped phases are not played. "
                    "[Start of Your Main Phase] triggers if the Main phase had not begun."
                ),
            },
            default="same-phase",
            reason=(
                "6-6-4 says the turn 'stays in that phase' (そのフェイズのまま) and FAN-EOT says "
                "'return to the phase you were in'; no text skips phases."
            ),
            evidence=("seed 6-6-4", "CR4.2 6-6-4", "FAN-EOT"),
        ),
        Ambiguity(
            id="DCG-AMB-2",
            clauses=("DCG-6-5-1-7",),
            question=(
                "A pass declared while memory is already more than 3 on the opponent's side "
                "(possible only under a raised turn-end threshold): set it to 3 or leave it?"
            ),
            readings={
                "set-to-3": "Memory becomes exactly 3 on the opponent's side, even if that "
                "gives memory back to the passing player.",
                "never-lower": "Memory becomes 3 on the opponent's side unless it is already "
                "further toward the opponent, where it stays.",
            },
            default="set-to-3",
            reason=(
                "6-5-1-7-1 says memory 'immediately becomes 3 on the opponent's side' and the "
                "glossary adds 'regardless of where the marker was'."
            ),
            evidence=("seed 6-5-1-7-1", "GL Pass", "QA2454"),
        ),
        Ambiguity(
            id="DCG-AMB-3",
            clauses=("DCG-6-2-1-1",),
            question=(
                "Order of simultaneous start-of-turn effects (and, by the same rule, of any "
                "simultaneously triggered effects)."
            ),
            readings={
                "turn-player-chooses": "When two or more effects wait, the turn player picks "
                "which resolves next (action 'resolve').",
                "card-order": "They resolve in the order their cards entered the battle area "
                "(oldest first), delayed end-of-turn processing after triggers.",
            },
            default="turn-player-chooses",
            reason=(
                "CR4.2 'Triggered effects': the turn player resolves theirs first, choosing the "
                "order one at a time; QA945/QA948 apply this to set-to-3 plus gain-1."
            ),
            evidence=("CR4.2 15-4-3-5", "QA945", "QA948", "QA950", "QA955"),
        ),
        Ambiguity(
            id="DCG-AMB-4",
            clauses=("DCG-6-1-2",),
            question="Is there a mulligan at set-up?",
            readings={
                "mulligan": "Current rules: starting with the first player, each player may "
                "once return the hand, reshuffle and draw 5 again.",
                "no-mulligan": "2020 launch rules: no mulligan.",
            },
            default="mulligan",
            reason="The mulligan has been part of the official rules since 1 Apr 2023 (MULL).",
            evidence=("CR4.2 5-2-1-4/5", "MULL", "NOTE2020"),
        ),
    )
}


def default_variants() -> dict[str, str]:
    """Return every ambiguity ID mapped to its default reading."""
    return {a.id: a.default for a in AMBIGUITIES.values()}


def resolve_variants(chosen: Mapping[str, str] | None) -> tuple[tuple[str, str], ...]:
    """Return the full reading table (defaults filled in) as sorted ``(id, reading)`` pairs.

    :raises InvalidInputError: for an unknown ambiguity ID (``$.variants.<id>``) or reading.
    """
    out = default_variants()
    for key, reading in (chosen or {}).items():
        if key not in AMBIGUITIES:
            raise InvalidInputError(f"$.variants.{key}", "unknown DCG ambiguity")
        if reading not in AMBIGUITIES[key].readings:
            known = ", ".join(AMBIGUITIES[key].readings)
            raise InvalidInputError(f"$.variants.{key}", f"expected one of {known}")
        out[key] = reading
    return tuple(sorted(out.items()))
