"""``digiconform replay TRACE --impl COMMAND``: replay a recorded game through an
implementation, in lockstep with the oracle, and report the first step where they differ.

The actions replayed are the trace's ``meta.actions`` when present (a divergence trace written
by ``verify`` keeps there the exact counterexample, refused probes included), else the actions
of its ``steps``. The implementation's answers are compared with the oracle's, as in the
random games of ``verify`` (:func:`digiconform.verifier.differential.play_lockstep`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from digiconform.verifier.differential import (
    Divergence,
    _replayer,
    attribute,
    finding_clause,
    play_lockstep,
)
from oracle.replay import trace_setup


def trace_actions(trace: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The actions to replay (see the module docstring)."""
    meta = trace.get("meta") or {}
    if isinstance(meta.get("actions"), list):
        return list(meta["actions"])
    return [s["action"] for s in trace["steps"]]


def replay_impl(trace: Mapping[str, Any], command: str, timeout: float = 5.0,
                legal: bool = True) -> tuple[Divergence | None, int]:
    """Replay ``trace`` through the implementation started by ``command``.

    :returns: ``(the first divergence with its clause, or None; actions replayed)``.
    """
    from digiconform.harness import ProtocolDriver

    actions = trace_actions(trace)
    with ProtocolDriver(command, timeout=timeout) as impl:
        use_legal = legal and _capable(impl)
        div = play_lockstep(impl, trace_setup(trace), _replayer(actions), legal=use_legal,
                            max_steps=len(actions))
    if div is not None and div.kind != "errored":
        attribute(div)
        div.clause = finding_clause(div)  # (as the finding it reproduces is named)
    return div, len(actions) if div is None else len(div.actions)


def _capable(impl: Any) -> bool:
    try:
        return bool(impl.ready.capabilities.legal_actions)
    except Exception:  # noqa: BLE001 - a start failure shows up on the first request
        return False
