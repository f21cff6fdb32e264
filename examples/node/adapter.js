#!/usr/bin/env node
// A complete digiconform adapter in JavaScript (Node 20, no packages) for engine.js, speaking
// the mandatory subset of the harness protocol (start, new_game, action, stop;
// docs/PROTOCOL.md).
//
// Usage: node adapter.js --cards CARD_SET_JSON [--no-readings] [--ignore-variants]
//   `digiconform vectors export DIR` writes the card set to
//   DIR/card-sets/upper-deck.cardset.json; DIGICONFORM_CARD_SET=PATH works instead of --cards.
//   --no-readings declares no reading and --ignore-variants takes any setup: together they
//   show how `verify` finds a reading an engine does not declare.
// Try it: digiconform verify --impl "node examples/node/adapter.js --cards CARD_SET_JSON"
//
// The four things an adapter does, all below:
// 1. translate the protocol's setup and actions into the engine's calls, refusing a malformed
//    one as `invalid` with the JSON path of the bad field (checkSetup, checkAction, act);
// 2. translate the engine's table into the state JSON, the core fields only (stateJson);
// 3. map the engine's own rejection codes to the rule clauses they enforce (CLAUSES; a code
//    whose rule depends on the move or the stage maps in clausesFor);
// 4. declare the readings the engine follows where the rules are unclear (READINGS, from the
//    engine) and refuse a game that asks for another one as `unsupported`.
"use strict";

const fs = require("fs");
const readline = require("readline");
const { Engine, Rejected, READINGS, readCards } = require("./engine.js");

// The reading of every ambiguity of the register (docs/AMBIGUITIES.md) this engine plays: the
// register's default unless the engine's READINGS say otherwise.
const DEFAULTS = {
  "DB-AMB-1": "online", "DB-AMB-2": "refuse", "DB-AMB-3": "whole-offline",
  "DB-AMB-4": "strict", "DB-AMB-5": "offline", "DB-AMB-6": "final",
  "DB-AMB-7": "immediate", "DB-AMB-8": "rookie-showing", "DB-AMB-9": "on-reveal",
  "DB-AMB-10": "opponent-type", "DB-AMB-11": "1-2", "DB-AMB-12": "prepared-only",
  "DB-AMB-13": "must-fulfil", "DB-AMB-14": "duel-points", "DB-AMB-15": "play-order",
  "DB-AMB-16": "recycle", "DB-AMB-17": "continuous", "DB-AMB-18": "showing",
  "DB-AMB-19": "duel-first", "DB-AMB-21": "at-once", "DB-AMB-22": "all-but-rookie",
  "DB-AMB-23": "effects-first", "DB-AMB-24": "say-pass", "DB-AMB-25": "seat-order",
  "DB-AMB-26": "per-player", "DB-AMB-27": "free", "DB-AMB-28": "port",
};
const FOLLOWS = { ...DEFAULTS, ...READINGS };

// ------------------------------------------------------------------ rejections -> clauses

// The engine's rejection codes -> [refusal kind, clause]. Codes left out are "illegal" with a
// clause that depends on the move and the stage (clausesFor). A code the rules do not decide
// is "invalid" (bad input) or "unsupported" (not implemented), never "illegal".
const CLAUSES = {
  DECK_SIZE: ["illegal", "DB-A.0"], DUPLICATE_CARD: ["illegal", "DB-A.5"],
  NO_ROOKIE: ["illegal", "DB-A.1"], GAME_OVER: ["illegal", "DB-C.9"],
  DRAW_FIRST: ["illegal", "DB-D.1"], ONCE_PER_DUEL: ["illegal", "DB-B.7"],
  NOTHING_FACE_DOWN: ["illegal", "DB-B.6"], NOT_FACE_DOWN_CARD: ["illegal", "DB-B.2"],
  PAYMENT_SOURCE: ["illegal", "DB-B.3"], COMMITTED: ["illegal", "DB-B.3"],
  NOT_COMMITTED: ["illegal", "DB-B.3"], ALREADY_PASSED: ["illegal", "DB-C.3"],
  NOT_A_POWER_OPTION: ["illegal", "DB-C.1"], DIGIVOLVE_CARD: ["illegal", "DB-B.3n"],
  RESTRICTION: ["illegal", "DB-C.2"], USE_REQUIREMENT: ["illegal", "DB-C.2"],
  BAD_TARGET: ["illegal", "DB-C.2"], ALREADY_DREW: ["illegal", "DB-D.1"],
  ALREADY_CHANGING: ["illegal", "DB-D.4"], ALREADY_PREPARED: ["illegal", "DB-D.4"],
  ROOKIE_NOT_SHOWING: ["illegal", "DB-D.4"],
  BAD_TARGET_SCORE: ["invalid", null], UNKNOWN_CARD: ["invalid", null],
  NO_GAME: ["invalid", null], BAD_METHOD: ["invalid", null],
  UNSUPPORTED_CARD: ["unsupported", null],
};

// The rule each stage's turn order comes from: a move out of turn, or one the stage has no
// place for, breaks it (and the rules of the move itself, homeClauses).
const STAGE_CLAUSE = {
  choose_rookie: "DB-A.1", deal: "DB-A.2", prepare: "DB-B.0", coin: "DB-B.1",
  reveal: "DB-B.4", battle: "DB-C.1", regroup: "DB-D.1", "regroup-prepare": "DB-D.5",
  recycle: "DB-D.3", over: "DB-C.9",
};

// Codes that say "not now" (out of turn, or not at this stage).
const NOT_NOW = new Set(["NOT_YOUR_TURN", "WRONG_STAGE", "NO_SHUFFLE_DUE", "NO_COIN_DUE",
  "DRAW_FIRST"]);

function stageKey(t) {
  // The engine's stage, with Regroup split into before and after the draw.
  if (t === null) return "choose_rookie";
  if (t.stage === "regroup" && t.seats[t.turn].drew) return "regroup-prepare";
  return t.stage;
}

function homeClauses(type, stage) {
  // The rules a move of this type is made under (at this stage).
  const prep = stage.startsWith("regroup") ? ["DB-D.5", "DB-B.0"] : ["DB-B.0"];
  if (type === "pass") {
    return { reveal: ["DB-B.5"], battle: ["DB-C.3"] }[stage] || ["DB-B.5", "DB-C.3"];
  }
  return {
    choose_rookie: ["DB-A.1"], shuffle: stage === "recycle" ? ["DB-D.3", "DB-D.2"] : ["DB-A.2"],
    coin_toss: ["DB-B.1"], prepare: prep, ready: prep, change_rookie: ["DB-D.4"],
    digivolve: ["DB-B.4", "DB-B.2"], play_option: ["DB-C.1"], discard: ["DB-D.1"],
    draw: ["DB-D.1"],
  }[type] || [];
}

function clausesFor(code, type, stage) {
  // The clauses an action of this type rejected with `code` breaks, the main one first.
  const fixed = (CLAUSES[code] || [])[1];
  const prep = stage.startsWith("regroup") ? "DB-D.5" : "DB-B.0";
  let out;
  if (NOT_NOW.has(code)) out = [fixed || STAGE_CLAUSE[stage], ...homeClauses(type, stage)];
  else if (fixed) out = [fixed];
  else if (code === "NOT_A_ROOKIE") out = [type === "change_rookie" ? "DB-D.4" : "DB-A.1"];
  else if (code === "BAD_SHUFFLE") out = stage === "recycle" ? ["DB-D.3", "DB-D.2"] : ["DB-A.2"];
  else if (code === "NOT_IN_HAND") {
    const home = { play_option: "DB-C.1", discard: "DB-D.1", change_rookie: "DB-D.4",
      digivolve: "DB-B.3" };
    out = [home[type] || prep];
  } else if (code === "NOT_A_DIGIMON" || code === "ZONE_FULL") out = [prep];
  else if (code === "NOT_NEXT_LEVEL") out = type === "prepare" ? [prep, "DB-B.7"] : ["DB-B.7"];
  else if (code === "REQUIREMENT" || code === "BAD_SUPPORT") {
    out = type === "prepare" ? [prep, "DB-B.3"] : ["DB-B.3"];
  } else out = [STAGE_CLAUSE[stage]];
  if (code === "NOTHING_FACE_DOWN") out.push("DB-B.2");
  if (code === "ALREADY_PASSED" && type === "play_option") out.push("DB-C.1");
  return [...new Set(out)];
}

// ------------------------------------------------------------------ input checks

class Malformed extends Error {
  // A request the protocol's schemas do not allow: `path` names the bad field.
  constructor(path, message) { super(message); this.path = path; }
}

function malformed(path, message) { throw new Malformed(path, message); }

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isSeat = (v) => v === 0 || v === 1;
const isSerial = (v) => typeof v === "string" && /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(v);
const isSerials = (v) => Array.isArray(v) && v.every(isSerial);
const FIELD_OK = {
  player: isSeat, winner: isSeat, target: isSeat, card: isSerial, support: isSerial,
  order: isSerials, payment: isSerials, discard: isSerials,
  method: (v) => ["tribute", "digivice", "dna", "ultra"].includes(v),
  source: (v) => v === "online" || v === "hand",
};
const FIELDS = { // type -> [required, optional]
  choose_rookie: [["player", "card"], []], shuffle: [["order"], ["player"]],
  coin_toss: [["winner"], []], prepare: [["player", "card"], ["support"]],
  change_rookie: [["player", "card"], []], ready: [["player"], []],
  digivolve: [["player", "card", "method"], ["support", "payment", "source"]],
  pass: [["player"], []], play_option: [["player", "card"], ["discard", "target"]],
  discard: [["player", "card"], []], draw: [["player"], []],
};

function checkAction(a) {
  // Throw Malformed unless `a` has the form of schemas/action.schema.json.
  if (!isObject(a)) malformed("$.action", "an action is a JSON object");
  if (!Object.hasOwn(FIELDS, a.type)) {
    malformed("$.action.type", `unknown action type ${JSON.stringify(a.type)}`);
  }
  const [required, optional] = FIELDS[a.type];
  for (const f of required) if (!(f in a)) malformed(`$.action.${f}`, `${a.type} needs ${f}`);
  for (const f of Object.keys(a)) {
    if (f === "type") continue;
    if (!required.includes(f) && !optional.includes(f)) {
      malformed(`$.action.${f}`, `${a.type} has no field ${f}`);
    }
    if (!FIELD_OK[f](a[f])) malformed(`$.action.${f}`, `bad value: ${JSON.stringify(a[f])}`);
  }
  if (a.type === "shuffle" && new Set(a.order).size !== a.order.length) {
    malformed("$.action.order", "a card appears twice in the order");
  }
}

function checkSetup(setup) {
  // Throw Malformed unless `setup` has the form of a Digi-Battle setup.
  if (!isObject(setup)) malformed("$.setup", "the setup is a JSON object");
  const decks = setup.decks;
  if (!Array.isArray(decks) || decks.length !== 2) {
    malformed("$.setup.decks", "two decks, seat 0 then seat 1");
  }
  decks.forEach((d, i) => {
    if (!Array.isArray(d) || !d.every((c) => typeof c === "string")) {
      malformed(`$.setup.decks[${i}]`, "a deck is a list of card serials");
    }
  });
  const target = setup.target === undefined ? 1000 : setup.target;
  if (!Number.isInteger(target) || target < 1 || target > 1000) {
    malformed("$.setup.target", `the target is 1 to 1000 points (DB-C.9), not ${target}`);
  }
  const md = setup.max_duels;
  if (md !== undefined && md !== null && (!Number.isInteger(md) || md < 1)) {
    malformed("$.setup.max_duels", "max_duels is a positive integer");
  }
  if (setup.variants !== undefined && setup.variants !== null && !isObject(setup.variants)) {
    malformed("$.setup.variants", "variants map an ambiguity ID to a reading");
  }
}

// ------------------------------------------------------------------ the state

const PHASE = {
  choose_rookie: "setup", deal: "setup", prepare: "digivolve", coin: "digivolve",
  reveal: "digivolve", battle: "battle", regroup: "regroup", over: "game_over",
};

function stateJson(t) {
  // The engine's table as a core Digi-Battle state (schemas/state.schema.json). `passed` is
  // the engine's own flag; it clears both when the Battle ends (outside the Digivolve and
  // Battle phases the verifier does not compare it).
  const stage = t.stage === "recycle" ? t.resume[0] : t.stage;
  let toMove = t.turn;
  if (t.stage === "over") toMove = null;
  else if (["deal", "coin", "recycle"].includes(t.stage)) toMove = "chance";
  return {
    ruleset: "digibattle", phase: PHASE[stage], duel: t.duel, winner: t.winner,
    to_move: toMove,
    players: t.seats.map((s) => ({
      hand: [...s.hand], online: [...s.online], offline: [...s.offline],
      duel_zone: [...s.stack], digivolve_zone: s.faceDown ? [s.faceDown] : [],
      power_port: [...s.port], score: s.score, passed: s.passed,
    })),
  };
}

// ------------------------------------------------------------------ the protocol

function act(engine, a) {
  // One protocol action as the engine's move.
  const p = a.player === undefined ? null : a.player;
  const opt = (v) => (v === undefined ? null : v);
  switch (a.type) {
    case "choose_rookie": return engine.chooseRookie(p, a.card);
    case "shuffle": return engine.shuffled(p, a.order);
    case "coin_toss": return engine.coinToss(a.winner);
    case "prepare": return engine.prepare(p, a.card, opt(a.support));
    case "change_rookie": return engine.changeRookie(p, a.card);
    case "ready": return engine.ready(p);
    case "digivolve":
      return engine.digivolve(p, a.card, a.method, opt(a.support), opt(a.payment),
        opt(a.source));
    case "pass": return engine.pass(p);
    case "play_option": return engine.playOption(p, a.card, opt(a.discard), opt(a.target));
    case "discard": return engine.discard(p, a.card);
    case "draw": return engine.draw(p);
    default: throw new Error(`checkAction let ${a.type} through`);
  }
}

function refusal(e, type, stage) {
  // The protocol refusal for one of the engine's rejections.
  const kind = (CLAUSES[e.code] || ["illegal"])[0];
  const out = { kind, reason: `${e.code}: ${e.message}` };
  if (kind === "illegal") {
    const clauses = clausesFor(e.code, type, stage);
    out.clause = clauses[0];
    if (clauses.length > 1) out.clauses = clauses;
  }
  if (kind === "invalid") out.path = type === "new_game" ? "$.setup.decks" : "$.action";
  return out;
}

function makeAdapter(cardDoc, { declare = true, checkVariants = true } = {}) {
  // A function answering one request (an object) with one answer.
  let engine = new Engine(readCards(cardDoc));

  function newGame(setup) {
    // Start the engine's game, or say why this engine does not play the setup's readings.
    checkSetup(setup);
    for (const [amb, reading] of checkVariants ? Object.entries(setup.variants || {}) : []) {
      const mine = FOLLOWS[amb];
      if (mine !== reading) {
        return `${amb}=${reading}: this engine plays `
          + (mine ? `${amb} as '${mine}'` : `no reading of ${amb}`);
      }
    }
    const own = isObject(setup.card_set) && setup.card_set.cards; // a scenario's own cards
    engine = new Engine(readCards(own ? setup.card_set : cardDoc));
    engine.start(setup.decks, setup.target === undefined ? 1000 : setup.target,
      setup.max_duels || null);
    return null;
  }

  return function handle(req) {
    if (req.cmd === "start") {
      const ready = { ready: true, version: 1, rulesets: ["digibattle"],
        implementation: { name: "toy-digibattle-node", version: "0.2", language: "javascript" } };
      if (declare) ready.readings = { ...READINGS };
      return ready;
    }
    const seq = req.seq === undefined ? null : req.seq;
    const stage = stageKey(engine.table); // where the game was before this request
    let type = "new_game";
    try {
      if (req.cmd === "new_game") {
        if (isObject(req.setup) && (req.setup.ruleset || "digibattle") !== "digibattle") {
          return { seq, refused: { kind: "unsupported", reason: "only digibattle" } };
        }
        const declined = newGame(req.setup);
        if (declined) return { seq, refused: { kind: "unsupported", reason: declined } };
        return { seq, state: stateJson(engine.table) };
      }
      if (req.cmd === "action") {
        checkAction(req.action);
        type = req.action.type;
        if (engine.table === null) throw new Rejected("NO_GAME", "no game has been started");
        act(engine, req.action);
        return { seq, state: stateJson(engine.table) };
      }
    } catch (e) {
      if (e instanceof Malformed) {
        return { seq, refused: { kind: "invalid", path: e.path, reason: e.message } };
      }
      if (e instanceof Rejected) return { seq, refused: refusal(e, type, stage) };
      return { seq, errored: { message: `${e.name}: ${e.message}` } }; // an engine bug: go on
    }
    return { seq, skipped: { reason: `${req.cmd} is not in the mandatory subset` } };
  };
}

function main() {
  const argv = process.argv;
  const i = argv.indexOf("--cards");
  const path = i >= 0 ? argv[i + 1] : process.env.DIGICONFORM_CARD_SET;
  if (!path) {
    process.stderr.write("adapter.js: --cards CARD_SET_JSON is required\n");
    process.exit(2);
  }
  const handle = makeAdapter(JSON.parse(fs.readFileSync(path, "utf8")), {
    declare: !argv.includes("--no-readings"),
    checkVariants: !argv.includes("--ignore-variants"),
  });
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on("line", (line) => {
    let req, answer;
    try { req = JSON.parse(line); } catch (e) { req = e; }
    if (req instanceof Error) answer = { seq: null, errored: { message: `not JSON: ${req}` } };
    else if (!isObject(req)) answer = { seq: null, errored: { message: "a request is an object" } };
    else if (req.cmd === "stop") process.exit(0);
    else answer = handle(req);
    // One line per request; a write to a pipe is synchronous on Linux, so nothing is pending.
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
}

main();
