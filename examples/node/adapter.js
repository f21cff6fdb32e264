#!/usr/bin/env node
// A complete digiconform adapter in JavaScript (Node, no packages): a toy Digi-Battle engine
// that plays the set-up (rulebook part A) and nothing more, behind the mandatory subset of the
// harness protocol (start, new_game, action, stop; docs/PROTOCOL.md).
//
// Usage: node adapter.js --cards CARD_SET_JSON
//   (`digiconform vectors export DIR` writes the card set to DIR/card-sets/upper-deck.cardset.json)
// Try it: digiconform verify --impl "node examples/node/adapter.js --cards DIR/card-sets/upper-deck.cardset.json" \
//           --clause DB-A --games 0 --skip examples/node/skip.txt
"use strict";

const fs = require("fs");
const readline = require("readline");

// ----------------------------------------------------------------------------------------
// The engine: its own table, its own moves, its own rejection codes (no clause numbers).

class Rejected extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

class ToyEngine {
  constructor(levels) { this.levels = levels; this.table = null; }

  start(decks) {
    for (const deck of decks) {
      const unknown = deck.find((c) => !(c in this.levels));
      if (unknown !== undefined) throw new Rejected("UNKNOWN_CARD", `unknown card ${unknown}`);
      if (deck.length !== 30) throw new Rejected("DECK_SIZE", `a deck has 30 cards, not ${deck.length}`);
      const twice = deck.find((c, i) => deck.indexOf(c) !== i);
      if (twice !== undefined) throw new Rejected("DUPLICATE_CARD", `${twice} is in the deck twice`);
      if (!deck.some((c) => this.levels[c] === "Rookie")) {
        throw new Rejected("NO_ROOKIE", "the deck has no Rookie to start with");
      }
    }
    this.table = {
      stage: "choose_rookie", turn: 0,
      seats: decks.map((d) => ({ deck: [...d], rookie: null, hand: [], online: [] })),
    };
    return this.table;
  }

  chooseRookie(seat, card) {
    const t = this.at("choose_rookie");
    if (seat !== t.turn) throw new Rejected("NOT_YOUR_TURN", `it is seat ${t.turn}'s turn`);
    const me = t.seats[seat];
    if (!me.deck.includes(card) || this.levels[card] !== "Rookie") {
      throw new Rejected("NOT_A_ROOKIE", `${card} is not a Rookie in seat ${seat}'s deck`);
    }
    me.deck.splice(me.deck.indexOf(card), 1);
    me.rookie = card;
    if (seat === 0) t.turn = 1; else { t.stage = "shuffle"; t.turn = 0; }
  }

  shuffled(seat, order) {
    const t = this.at("shuffle");
    if (seat !== t.turn) throw new Rejected("NOT_YOUR_TURN", `seat ${t.turn}'s deck is due`);
    const me = t.seats[seat];
    const same = order.length === me.deck.length &&
      [...order].sort().every((c, i) => c === [...me.deck].sort()[i]);
    if (!same) throw new Rejected("BAD_SHUFFLE", "the order must hold exactly the deck's cards");
    me.hand = order.slice(0, 10); me.online = order.slice(10); me.deck = [];
    if (seat === 0) t.turn = 1; else { t.stage = "prepare"; t.turn = 0; }
  }

  at(stage) {
    if (this.table === null) throw new Rejected("NO_GAME", "no game has been started");
    if (this.table.stage !== stage) {
      throw new Rejected(this.table.stage === "prepare" ? "NOT_IMPLEMENTED" : "WRONG_STAGE",
        `not now: the game is at ${this.table.stage}`);
    }
    return this.table;
  }
}

// ----------------------------------------------------------------------------------------
// The adapter: protocol <-> engine.

// The engine's rejection codes -> [refusal kind, clause]; null clause: the current stage's rule.
const CLAUSES = {
  DECK_SIZE: ["illegal", "DB-A.0"], DUPLICATE_CARD: ["illegal", "DB-A.5"],
  NO_ROOKIE: ["illegal", "DB-A.1"], NOT_A_ROOKIE: ["illegal", "DB-A.1"],
  BAD_SHUFFLE: ["illegal", "DB-A.2"], UNKNOWN_CARD: ["invalid", null],
  NOT_IMPLEMENTED: ["unsupported", null],
};
const STAGE_CLAUSE = { choose_rookie: "DB-A.1", shuffle: "DB-A.2", prepare: "DB-B.0" };

function stateJson(t) {
  return {
    ruleset: "digibattle", phase: t.stage === "prepare" ? "digivolve" : "setup",
    duel: 1, winner: null, to_move: t.stage === "shuffle" ? "chance" : t.turn,
    players: t.seats.map((s) => ({
      hand: s.hand, online: s.online, offline: [], duel_zone: s.rookie ? [s.rookie] : [],
      digivolve_zone: [], power_port: [], score: 0, passed: false,
    })),
  };
}

function levelsOf(doc) {
  const out = {};
  for (const c of doc.cards) out[c.serial] = c.level === undefined ? null : c.level;
  return out;
}

function main() {
  const i = process.argv.indexOf("--cards");
  const path = i >= 0 ? process.argv[i + 1] : process.env.DIGICONFORM_CARD_SET;
  if (!path) { process.stderr.write("adapter.js: --cards CARD_SET_JSON is required\n"); process.exit(2); }
  const levels = levelsOf(JSON.parse(fs.readFileSync(path, "utf8")));
  let engine = new ToyEngine(levels);

  function refusal(e) {
    const [kind, known] = CLAUSES[e.code] || ["illegal", null];
    const stage = engine.table ? engine.table.stage : "choose_rookie";
    const out = { kind, reason: `${e.code}: ${e.message}` };
    if (kind === "illegal") out.clause = known || STAGE_CLAUSE[stage];
    if (kind === "invalid") out.path = "$.setup.decks";
    return out;
  }

  function handle(req) {
    if (req.cmd === "start") {
      return { ready: true, version: 1, rulesets: ["digibattle"],
        implementation: { name: "toy-digibattle-node", version: "0.1", language: "javascript" } };
    }
    const seq = req.seq;
    try {
      if (req.cmd === "new_game") {
        const setup = req.setup;
        if ((setup.ruleset || "digibattle") !== "digibattle") {
          return { seq, refused: { kind: "unsupported", reason: "only digibattle" } };
        }
        const cs = setup.card_set || {};
        engine = new ToyEngine(cs.cards ? levelsOf(cs) : levels);
        return { seq, state: stateJson(engine.start(setup.decks)) };
      }
      if (req.cmd === "action") {
        const a = req.action;
        if (a.type === "choose_rookie") engine.chooseRookie(a.player, a.card);
        else if (a.type === "shuffle") engine.shuffled(a.player, a.order);
        else if (engine.table && engine.table.stage === "prepare") {
          throw new Rejected("NOT_IMPLEMENTED", "the toy engine stops after the set-up");
        } else throw new Rejected("WRONG_STAGE", `${a.type} is not a set-up move`);
        return { seq, state: stateJson(engine.table) };
      }
    } catch (e) {
      if (e instanceof Rejected) return { seq, refused: refusal(e) };
      return { seq, refused: { kind: "invalid", path: "$", reason: `malformed request: ${e.message}` } };
    }
    return { seq, skipped: { reason: `${req.cmd} is not in the mandatory subset` } };
  }

  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on("line", (line) => {
    let req;
    try { req = JSON.parse(line); } catch (e) {
      process.stdout.write(JSON.stringify({ seq: null, errored: { message: String(e) } }) + "\n");
      return;
    }
    if (req.cmd === "stop") { rl.close(); process.exit(0); }
    process.stdout.write(JSON.stringify(handle(req)) + "\n");
  });
}

main();
