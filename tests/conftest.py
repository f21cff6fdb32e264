"""Shared pytest set-up: the game under test, scenario tags as markers, step definitions.

Options:

- ``--impl COMMAND``: run the scenarios against another implementation, started as
  ``COMMAND`` and driven over the harness protocol (``digiconform.harness.ProtocolDriver``);
  default: the bundled oracle (``oracle.driver.OracleDriver``).
- ``--record-vectors DIR``: also write each scenario's conversation with the game as a test
  vector into ``DIR`` (``digiconform.vectors.RecordingDriver``).

Scenario tags (``@DB-C.8``, ``@DB-AMB-6``) are not identifiers, so they become
``clause("DB-C.8", id="DB-C.8")`` and ``ambiguity("DB-AMB-6", id="DB-AMB-6")`` markers:
``pytest -m "clause(id='DB-C.8')"`` runs the scenarios of one clause. ``@oracle-bug`` marks a
scenario where the oracle disagrees with the rule text: it is an expected failure against the
oracle (strict, so a fix shows up) and an ordinary scenario against any other implementation.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from digiconform.clauses import AMBIGUITY_TAG, CLAUSE_TAG, tag_clause
from oracle.driver import Driver, OracleDriver

_STEPS = f"{__package__ + '.' if __package__ else ''}steps"
pytest_plugins = [f"{_STEPS}.given", f"{_STEPS}.when", f"{_STEPS}.then"]

_expect = importlib.import_module(f"{_STEPS}.expect")
_table = importlib.import_module(f"{_STEPS}.table")
CONTEXT_KEY = _expect.CONTEXT_KEY
Expect = _expect.Expect
ScenarioContext = _expect.ScenarioContext
Table = _table.Table

_CONFIG: list[pytest.Config] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("digiconform", "digiconform conformance scenarios")
    group.addoption("--impl", metavar="COMMAND", default=None,
                    help="Run the scenarios against the implementation started by COMMAND "
                         "(harness protocol) instead of the bundled oracle.")
    group.addoption("--record-vectors", metavar="DIR", default=None,
                    help="Write each scenario's actions and answers as a test vector in DIR.")


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG[:] = [config]
    _SHARED_VECTORS.install()
    config.addinivalue_line("markers", "clause(id): the scenario checks rule clause `id` "
                            "(from a @DB-… / @DCG-… tag)")
    config.addinivalue_line("markers", "ambiguity(id): the scenario checks the readings of "
                            "ambiguity `id` (from a @DB-AMB-n tag)")
    config.addinivalue_line("markers", "oracle_bug: the oracle disagrees with the rule text "
                            "here (from @oracle-bug); expected to fail against the oracle")


THOROUGH_SKIP = ("thorough: not in the default run; run with `pytest -m thorough` or "
                 "HYPOTHESIS_PROFILE=thorough (README, Tests)")


def thorough_run(config: pytest.Config) -> bool:
    """Do the ``@pytest.mark.thorough`` tests run? Under ``HYPOTHESIS_PROFILE=thorough``, or
    when ``-m`` names them (``pytest -m thorough``)."""
    from strategies.profiles import current_profile

    return current_profile() == "thorough" or "thorough" in (config.getoption("markexpr")
                                                            or "")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The ``thorough`` tests are skipped, with the reason, unless :func:`thorough_run`."""
    if thorough_run(config):
        return
    skip = pytest.mark.skip(reason=THOROUGH_SKIP)
    for item in items:
        if item.get_closest_marker("thorough") is not None:
            item.add_marker(skip)


def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> Any:
    """Map feature-file tags to markers (see the module docstring)."""
    if CLAUSE_TAG.match(tag):
        pytest.mark.clause(tag_clause(tag), id=tag_clause(tag))(function)
        return True
    if AMBIGUITY_TAG.match(tag):
        pytest.mark.ambiguity(tag, id=tag)(function)
        return True
    if tag == "oracle-bug":
        pytest.mark.oracle_bug(function)
        if not (_CONFIG and _CONFIG[0].getoption("--impl")):
            pytest.mark.xfail(reason="oracle disagrees with the rule text (@oracle-bug)",
                              strict=True)(function)
        return True
    return None  # any other tag: pytest-bdd's default (an unregistered marker is an error)


# ---------------------------------------------------------------------------------------------
# The running scenario and step, for failure messages and scenario IDs


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any,
                               scenario: Any) -> None:
    template = next((s for s in feature.scenarios.values()
                     if s.line_number == scenario.line_number), None)
    callspec = getattr(request.node, "callspec", None)
    tags = set(scenario.tags) | set(feature.tags)
    if scenario.rule is not None:
        tags |= set(scenario.rule.tags)
    name, example = _scenario_name(
        template, scenario, callspec.id if callspec is not None else None,
        callspec.params.get("_pytest_bdd_example") if callspec is not None else None)
    request.node.stash[CONTEXT_KEY] = ScenarioContext(
        feature_stem=_feature_stem(Path(feature.filename)),
        name=name, example=example, tags=frozenset(tags),
    )


def _scenario_name(template: Any, scenario: Any, example: str | None,
                   row: dict[str, str] | None = None) -> tuple[str, str | None]:
    """The scenario's name in its ID, and the example ID still needed after it.

    An outline's placeholders are expanded (``under "<reading>"`` → ``under "final"``);
    when that alone tells its examples apart, no example ID follows. An outline whose name
    has no placeholder keeps pytest's example ID (the row's values joined by ``-``); one
    whose name expands to the same text for two rows is followed by the values of the
    other columns only."""
    if template is None or example is None:
        return scenario.name, example
    from pytest_bdd.parser import PARAM_RE, render_string

    used = set(PARAM_RE.findall(template.name))
    if not used:
        return template.name, example
    names = [render_string(template.name, ctx)
             for ex in template.examples for ctx in ex.as_contexts()]
    if len(set(names)) == len(names):
        return scenario.name, None
    if row:
        rest = "-".join(str(v) for k, v in row.items() if k not in used)
        return scenario.name, rest or example
    return scenario.name, example


def pytest_bdd_before_step(request: pytest.FixtureRequest, feature: Any, scenario: Any,
                           step: Any, step_func: Any) -> None:
    ctx = request.node.stash.get(CONTEXT_KEY, None)
    if ctx is not None:
        keyword = step.keyword.strip()
        if keyword in ("And", "But", "*", ""):
            keyword = step.type.capitalize()
        ctx.step = f"{keyword} {step.name}"


def _feature_stem(path: Path) -> str:
    """The feature's name in scenario IDs: the file stem for Digi-Battle features
    (``scoring``), prefixed with the ruleset for the others (``dcg/turn_flow``), so that the
    two rulesets' ``ambiguities.feature`` never share an ID."""
    return path.stem if path.parent.name == "digibattle" else f"{path.parent.name}/{path.stem}"


@pytest.fixture
def scenario_context(request: pytest.FixtureRequest) -> ScenarioContext:
    """The running scenario (feature, name, example, tags, current step)."""
    ctx = request.node.stash.get(CONTEXT_KEY, None)
    if ctx is None:
        ctx = ScenarioContext(feature_stem=request.node.path.stem, name=request.node.name)
        request.node.stash[CONTEXT_KEY] = ctx
    return ctx


@pytest.fixture
def expect(scenario_context: ScenarioContext) -> Expect:
    """Assertions whose failures cite the clause, the step and the difference."""
    return Expect(scenario_context)


# ---------------------------------------------------------------------------------------------
# The game under test


def make_driver(config: pytest.Config) -> Driver:
    """The driver for "the game under test": the oracle, or ``--impl COMMAND`` over the
    harness protocol."""
    command = config.getoption("--impl")
    if not command:
        # One oracle per scenario; the card sets it parses (and validates) are cached by
        # the ruleset (oracle.digibattle.game_from_setup).
        return OracleDriver()
    try:
        from digiconform.harness import ProtocolDriver  # type: ignore[attr-defined]
    except ImportError as e:
        pytest.exit(f"--impl needs digiconform.harness.ProtocolDriver, which cannot be "
                    f"imported: {e}",
                    returncode=4)
    return ProtocolDriver(command)


def record_vectors(driver: Driver, config: pytest.Config, ctx: ScenarioContext) -> Driver:
    """Wrap ``driver`` so that the scenario is written as a test vector (``--record-vectors``)."""
    out_dir = config.getoption("--record-vectors")
    if not out_dir:
        return driver
    try:
        from digiconform.vectors import RecordingDriver  # type: ignore[import-not-found]
    except ImportError as e:
        pytest.exit(f"--record-vectors needs digiconform.vectors.RecordingDriver, which cannot be "
                    f"imported: {e}", returncode=4)
    return RecordingDriver(driver, ctx.id, ctx.clauses + ctx.ambiguities, Path(out_dir))


@pytest.fixture
def game_driver(request: pytest.FixtureRequest,
                scenario_context: ScenarioContext) -> Iterator[Driver]:
    """The game under test behind the :class:`~oracle.driver.Driver` interface."""
    driver = record_vectors(make_driver(request.config), request.config, scenario_context)
    try:
        yield driver
    finally:
        driver.close()


_CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_CALL_FAILED] = report.failed
    if report.when == "teardown":
        changed = _SHARED_VECTORS.changed_by_the_test()
        if changed and not report.failed:
            report.outcome = "failed"
            report.longrepr = changed
    return report


# ---------------------------------------------------------------------------------------------
# The shipped vectors, read once per test process


class SharedVectors:
    """``digiconform.vectors.load_vectors`` of the shipped vectors, read and checked once per
    test process rather than at every call (24 MB of JSON, ~0.6 s a read; the tests and the
    in-process ``verify`` runs read them some 150 times). Any other directory is read as
    before, and so are the shipped vectors again whenever a file of them changes (name,
    size, modification time or inode). Every caller gets a list of its own holding the same
    documents, which no caller may modify: a test that changes one fails at its teardown
    (their digest is compared after every test that was served them), and they are read
    afresh for the next test."""

    def __init__(self, shipped: Callable[[], Path] | None = None) -> None:
        self.shipped = shipped  # (default: digiconform.resources.vectors_dir)
        self.original: Callable[..., list[dict[str, Any]]] | None = None
        self.signature: tuple[tuple[str, int, int, int], ...] | None = None
        self.docs: list[dict[str, Any]] = []
        self.digest = b""
        self.served = False

    def install(self) -> None:
        import digiconform.vectors as vectors

        if self.original is None:
            self.original = vectors.load_vectors
            vectors.load_vectors = self.load_vectors  # type: ignore[assignment]

    def load_vectors(self, root: Path | None = None,
                     kind: str | None = None) -> list[dict[str, Any]]:
        from digiconform.resources import vectors_dir

        assert self.original is not None
        shipped = (self.shipped or vectors_dir)()
        if root is not None and Path(root).resolve() != shipped.resolve():
            return self.original(root, kind)
        paths = sorted(shipped.rglob("*.vector.json"))
        signature = tuple((str(p), st.st_size, st.st_mtime_ns, st.st_ino)
                          for p in paths for st in (p.stat(),))
        if signature != self.signature:
            self.docs = self.original(shipped)  # (raises as before for a bad file)
            self.signature, self.digest = signature, _digest(self.docs)
        self.served = True
        return [d for d in self.docs if kind is None or d["kind"] == kind]

    def changed_by_the_test(self) -> str | None:
        """After a test that was served the shared vectors: None when they are unchanged,
        else what to report (and they are read afresh next time)."""
        if not self.served:
            return None
        self.served = False
        if _digest(self.docs) == self.digest:
            return None
        self.signature = None
        return ("the test modified documents returned by load_vectors(), which are shared "
                "by every test of the process (tests/conftest.py SharedVectors): copy "
                "before changing one")


def _digest(docs: list[dict[str, Any]]) -> bytes:
    import hashlib

    import orjson

    return hashlib.sha256(orjson.dumps(docs, option=orjson.OPT_SORT_KEYS)).digest()


_SHARED_VECTORS = SharedVectors()


@pytest.fixture
def vectors_read_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test reads the vectors from their files at every call (a test whose timing
    depends on that read: a deadline that fires while it goes on)."""
    import digiconform.vectors as vectors

    if _SHARED_VECTORS.original is not None:
        monkeypatch.setattr(vectors, "load_vectors", _SHARED_VECTORS.original)


@pytest.fixture
def table(request: pytest.FixtureRequest, game_driver: Driver,
          expect: Expect) -> Iterator[Table]:
    """The scenario's game (position being described, then the running game). A refusal
    left unchecked at the end of a scenario that otherwise passed fails it."""
    t = Table(game_driver, expect)
    yield t
    if not request.node.stash.get(_CALL_FAILED, False):
        t.finish()
