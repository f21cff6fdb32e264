"""The harness protocol (v1) and its two ends.

- :mod:`digiconform.harness.messages` -- one frozen class per message, schemas in
  ``schemas/protocol/``; the exchange is documented in ``docs/PROTOCOL.md``.
- :class:`ProtocolDriver` -- the :class:`~oracle.driver.Driver` interface over a subprocess
  (timeouts, kill of the whole process group, restart-and-replay).
- :func:`serve` -- the oracle speaking the protocol on stdin/stdout (``digiconform serve``).
"""

from typing import Any

from digiconform.harness.messages import PROTOCOL_VERSION, ProtocolError
from digiconform.harness.serve import Session, serve

__all__ = [
    "PROTOCOL_VERSION", "ImplementationError", "ImplementationSkipped", "ProtocolDriver",
    "ProtocolError", "Session", "serve",
]

_DRIVER = frozenset({"ImplementationError", "ImplementationSkipped", "ProtocolDriver"})


def __getattr__(name: str) -> Any:
    # (the driver's names imported when first asked for: ``serve`` runs no engine)
    if name not in _DRIVER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from digiconform.harness import driver

    return getattr(driver, name)
