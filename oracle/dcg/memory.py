"""CR4.2 Memory: the one shared memory gauge.

The state stores ``memory`` from the turn player's side (positive = turn player's side).
A player's own reading is ``memory`` for the turn player and ``-memory`` for the other.
The marker never goes past 10 on either side; gains (and losses) past 10 are lost.
"""

from __future__ import annotations

from oracle.dcg.work import Work
from oracle.errors import IllegalActionError

__all__ = ["MEMORY_LIMIT", "can_pay", "gain", "lose", "max_payable", "mine", "pay", "set_mine"]

MEMORY_LIMIT = 10
CLAUSE = "CR4.2 Memory"


def mine(w: Work, player: int) -> int:
    """CR4.2 Memory: ``player``'s memory (positive on their side, negative on the other)."""
    return w.memory if player == w.turn_player else -w.memory


def set_mine(w: Work, player: int, value: int, clause: str = CLAUSE) -> None:
    """CR4.2 Memory: put the marker at ``value`` as ``player`` reads it, clamped to -10..10."""
    if value > MEMORY_LIMIT:
        value = MEMORY_LIMIT
    elif value < -MEMORY_LIMIT:
        value = -MEMORY_LIMIT
    new = value if player == w.turn_player else -value
    if new != w.memory:
        old = w.memory
        w.memory = new
        w.emit("memory", clause, player, (("before", old), ("after", new)))


def gain(w: Work, player: int, n: int, clause: str = CLAUSE) -> None:
    """CR4.2 Memory, "gain X": move the marker X toward ``player``; past 10 is lost."""
    set_mine(w, player, (w.memory if player == w.turn_player else -w.memory) + n, clause)


def lose(w: Work, player: int, n: int, clause: str = CLAUSE) -> None:
    """CR4.2 Memory, "lose X": move the marker X toward the opponent, stopping at 10."""
    set_mine(w, player, (w.memory if player == w.turn_player else -w.memory) - n, clause)


def max_payable(w: Work, player: int) -> int:
    """CR4.2 Memory / Costs: the largest cost ``player`` can pay is their memory + 10."""
    return mine(w, player) + MEMORY_LIMIT


def can_pay(w: Work, player: int, cost: int) -> bool:
    """CR4.2 Costs: a cost can be paid only if the marker would not pass 10 on the far side
    (0 <= cost <= :func:`max_payable`, worked out here)."""
    return 0 <= cost <= (w.memory if player == w.turn_player else -w.memory) + MEMORY_LIMIT


def pay(w: Work, player: int, cost: int, clause: str) -> None:
    """CR4.2 Costs: move the marker exactly ``cost`` toward the opponent.

    :raises IllegalActionError: (``clause``) if the cost is more than memory + 10; a card
        you cannot pay for cannot be declared.
    """
    memory = w.memory if player == w.turn_player else -w.memory  # (mine)
    if not 0 <= cost <= memory + MEMORY_LIMIT:  # (can_pay)
        raise IllegalActionError(
            clause, f"cost {cost} is more than memory {memory} + 10 can pay"
        )
    if cost:
        set_mine(w, player, memory - cost, clause)
