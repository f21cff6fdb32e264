"""The harness protocol (v1) and its two ends.

- :mod:`digiconform.harness.messages` -- one frozen class per message, schemas in
  ``schemas/protocol/``; the exchange is documented in ``docs/PROTOCOL.md``.
- :class:`ProtocolDriver` -- the :class:`~oracle.driver.Driver` interface over a subprocess
  (timeouts, kill of the whole process group, restart-and-replay).
- :func:`serve` -- the oracle speaking the protocol on stdin/stdout (``digiconform serve``).
"""

from digiconform.harness.driver import ImplementationError, ImplementationSkipped, ProtocolDriver
from digiconform.harness.messages import PROTOCOL_VERSION, ProtocolError
from digiconform.harness.serve import Session, serve

__all__ = [
    "PROTOCOL_VERSION", "ImplementationError", "ImplementationSkipped", "ProtocolDriver",
    "ProtocolError", "Session", "serve",
]
