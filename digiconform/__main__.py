"""``python -m digiconform`` and the ``digiconform`` command: :func:`run`.

:func:`run` is the process's entry point, around :func:`digiconform.cli.main`:

- while the command line is imported (some 0.4 s), Ctrl-C ends the process at once with
  ``digiconform: interrupted`` and exit code 130, never a ``KeyboardInterrupt`` traceback
  (only during the interpreter's own start-up, before this module runs -- some 20-50 ms:
  ``site``, this package, this module -- does Python's handling apply: a SIGINT then ends
  the process with -2, or prints a traceback of Python's start-up);
- then Python's usual handler is back (the commands turn Ctrl-C into ``digiconform:
  interrupted``, exit 130; ``verify`` into a partial report, exit 3 INCONCLUSIVE or 1 FAIL);
- once the command is done, SIGINT and SIGTERM are ignored for the last instructions
  before the process exits (the engine's descendants being reaped, buffers flushed), so
  the exit code is the command's.

:data:`STANDALONE` tells a command that it runs in this process, which exits when it is
done (``verify`` then keeps signals absorbed from the end of its reports to the exit),
rather than in-process under a test.
"""

from __future__ import annotations

# (``_signal`` is the C module under :mod:`signal`, which is not imported yet: importing
# it, with :mod:`enum`, takes some milliseconds, during which Ctrl-C would be Python's)
import _signal
import os
import sys

STANDALONE = False
"""True once :func:`run` runs (the ``digiconform`` process itself)."""


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, b"digiconform: interrupted\n")
    raise SystemExit(130)


def run() -> None:
    """Run the command line (see the module docstring); exits with its code."""
    global STANDALONE
    STANDALONE = True
    try:
        previous = _signal.signal(_signal.SIGINT, _interrupted)
        if sys.argv[1:] == ["serve"]:
            _serve(previous)  # (exits)
        from digiconform.cli import main

        _signal.signal(_signal.SIGINT, previous)
        try:
            main()
        except KeyboardInterrupt:  # (between click's own handling and the exit)
            os.write(2, b"digiconform: interrupted\n")
            sys.exit(130)
    finally:
        # (ignored, not Python's handler: at exit Python resets its own handlers to the
        # default action, and a SIGINT then would end the process with -2)
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
        _signal.signal(_signal.SIGTERM, _signal.SIG_IGN)


def _serve(previous: object) -> None:
    """``digiconform serve`` with no option (as ``verify`` starts it): the command run
    without importing the command line (click and the commands' modules, some 40 % of
    ``serve``'s start-up), with the command line's exits: Ctrl-C ``digiconform:
    interrupted`` (130), a closed output 0, an oracle or OS error its one line (2).
    Exits with the command's code."""
    from digiconform.harness.serve import main
    from oracle.errors import OracleError

    _signal.signal(_signal.SIGINT, previous)  # type: ignore[arg-type]
    try:
        code = main()
    except KeyboardInterrupt:
        os.write(2, b"digiconform: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:  # (as the command line: output closed, not an error)
        sys.stderr.close()
        sys.exit(0)
    except (OracleError, OSError) as e:
        from digiconform.cli import error_line

        os.write(2, (error_line(str(e)) + "\n").encode("utf-8", "replace"))
        sys.exit(2)
    sys.exit(code)


if __name__ == "__main__":
    run()
