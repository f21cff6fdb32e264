// A Digi-Battle Arena engine of its own, in JavaScript (Node, no packages): the whole game,
// from the set-up to the target score.
//
// Written from the rule texts (docs/rules/seeds: the Arena rules insert and its Battle
// section; the card texts of the card set, read as data), not from digiconform's oracle; its
// structure follows examples/python/toy_engine.py, itself written from the same texts. It
// knows nothing of the harness protocol: its own table, its own moves, its own rejection
// codes (`Rejected`), as an engine written elsewhere would have. adapter.js puts the protocol
// in front of it and maps the codes to rule clauses.
//
// How a game goes (the rulebook's parts A-D):
// - Set-up. A deck is 30 different cards with a Rookie among them. Seat 0 then seat 1 put a
//   Rookie face down; each deck of 29 is shuffled (the order comes from outside: the engine
//   never draws random numbers), 10 cards make the hand, 19 the Online deck.
// - Digivolve phase. Seat 0 then seat 1 may put one next-level Digimon face down on the
//   Digivolve Zone (its requirements name the Digimon showing and can be met); a DIGIVICE or
//   ULTRA DIGIVOLVE goes face down on the Power Port with it, as those cards' texts say. The
//   coin toss picks who goes first; each player in turn turns the card over and meets one
//   requirement (1 or 2 Online cards Offline; the committed DIGIVICE; a DNA partner from the
//   hand onto the Power Port; ULTRA DIGIVOLVE, the rest of the hand Offline), or passes and
//   loses the card Offline. One level per Duel.
// - Battle phase. From the Duel's first player, players alternate playing one POWER BLAST card
//   (Use Requirements met, restrictions kept) or pass; a pass is final. The higher Digimon
//   Power wins the Duel: the showing card's power against the opponent's Battle Type, then
//   every active Power Option in the order played (conditions read whenever power is read).
// - End of a Duel. Win / lose / tie effects; the loser's Digimon except the Rookie and both
//   Power Ports go Offline; the winner scores their card's SCORE for the defeated level
//   (doubled by Digi-Duel) and goes first next; after a tie the same player goes first again.
// - Regroup. Seat 0 then seat 1: discard any cards, restore the hand to 10 from Online, set up
//   a Rookie change (only while a Rookie is showing), prepare a next-level card.
// - Online exhaustion. Whenever an Online deck is empty after a move, every card on that side
//   of the board except the Rookie goes Offline, the whole Offline pile is shuffled (a chance
//   outcome from outside) and becomes the Online deck; a short Regroup draw then finishes.
// - Game end. As soon as a score reaches the target (even mid-Duel), that player wins. An
//   optional Duel limit (a referee's safeguard) stops an undecided game after that Duel.
//
// A player with nothing to play in the Digivolve or the Battle phase passes at once: the
// engine does not wait for the pass.
"use strict";

const LEVELS = ["Rookie", "Champion", "Ultimate", "Mega"];
const HAND_SIZE = 10;
const MAX_PAYMENT = 2; // "moving 1 or 2 cards from Online to Offline"

// Where the rules can be read more than one way, the reading this engine follows (the
// project's register IDs, docs/AMBIGUITIES.md); everything else is read the default way.
const READINGS = { "DB-AMB-9": "at-prepare" };

class Rejected extends Error {
  // A move the rules do not allow: `code` says which check failed.
  constructor(code, message) { super(message); this.code = code; }
}

function fail(code, message) { throw new Rejected(code, message); }

function readCards(doc) {
  // serial -> card, from a card-set document ({"cards": [...]}).
  const out = {};
  for (const c of doc.cards) {
    out[c.serial] = {
      serial: c.serial, name: c.name, kind: c.kind, level: c.level || null,
      rank: LEVELS.indexOf(c.level), battleType: c.battle_type || null,
      power: c.power || {}, score: c.score || {}, abilities: c.special_abilities || [],
      requirements: c.digivolve_requirements || [], effects: c.effects || [],
      optionType: c.option_type || null, useRequirements: c.use_requirements || [],
      restrictions: c.restrictions || [], supported: c.supported !== false,
    };
  }
  return out;
}

const effect = (card, kind) => card.effects.find((e) => e.kind === kind) || null;
const remove = (list, x) => list.splice(list.indexOf(x), 1);
const sorted = (list) => [...list].sort();
const sameCards = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const last = (list) => list[list.length - 1];

function combinations(items, n) {
  if (n === 0) return [[]];
  const out = [];
  items.forEach((x, i) => {
    for (const rest of combinations(items.slice(i + 1), n - 1)) out.push([x, ...rest]);
  });
  return out;
}

function allowed(check) {
  // Whether `check` runs without a Rejected.
  try { check(); return true; } catch (e) { if (e instanceof Rejected) return false; throw e; }
}

function newSeat(deck) {
  return {
    deck: [...deck], hand: [], online: [] /* top first */, offline: [],
    stack: [] /* Duel Zone, the Rookie first */, faceDown: null /* Digivolve Zone */,
    committed: null /* DIGIVICE / ULTRA placed with it */, port: [] /* play order */,
    score: 0, passed: false, digivolved: false, newRookie: null, drew: false,
  };
}

class Engine {
  constructor(cards) { this.cards = cards; this.table = null; }

  // ---------------------------------------------------------------- starting a game

  start(decks, target = 1000, maxDuels = null) {
    if (!Number.isInteger(target) || target < 1 || target > 1000) {
      fail("BAD_TARGET_SCORE", `the target is 1 to 1000 points, not ${target}`);
    }
    for (const deck of decks) {
      const unknown = deck.find((c) => !(c in this.cards));
      if (unknown !== undefined) fail("UNKNOWN_CARD", `unknown card ${unknown}`);
      const odd = deck.find((c) => !this.cards[c].supported);
      if (odd !== undefined) fail("UNSUPPORTED_CARD", `${odd}'s text is not playable here`);
      if (deck.length !== 30) fail("DECK_SIZE", `a deck has 30 cards, not ${deck.length}`);
      const twice = deck.find((c, i) => deck.indexOf(c) !== i);
      if (twice !== undefined) fail("DUPLICATE_CARD", `${twice} is in the deck twice`);
      if (!deck.some((c) => this.isRookie(c))) fail("NO_ROOKIE", "the deck has no Rookie");
    }
    this.table = {
      seats: decks.map(newSeat), target, maxDuels,
      // choose_rookie | deal | prepare | coin | reveal | battle | regroup | recycle | over
      stage: "choose_rookie", turn: 0, duel: 1, first: null, winner: null,
      played: [] /* [seat, card]: Power Blasts in order */,
      shuffles: [] /* [seat, cards]: recycles due */, owedDraw: null /* [seat, cards] */,
      resume: null /* [stage, turn] after the recycles */,
    };
    return this.table;
  }

  // ---------------------------------------------------------------- helpers

  card(serial) { return this.cards[serial]; }

  isRookie(serial) {
    const c = this.cards[serial];
    return c.kind === "digimon" && c.level === "Rookie";
  }

  top(seat) {
    const s = this.table.seats[seat];
    return s.stack.length ? this.card(last(s.stack)) : null;
  }

  live() {
    if (this.table === null) fail("NO_GAME", "no game has been started");
    if (this.table.stage === "over") fail("GAME_OVER", "the game is over");
    return this.table;
  }

  expect(stages, seat) {
    const t = this.live();
    if (!stages.includes(t.stage)) fail("WRONG_STAGE", `not now: the game is at ${t.stage}`);
    if (seat !== null && seat !== t.turn) {
      fail("NOT_YOUR_TURN", `it is seat ${t.turn}'s move, not seat ${seat}'s`);
    }
    return t;
  }

  static inHand(s, serial) {
    if (!s.hand.includes(serial)) fail("NOT_IN_HAND", `${serial} is not in the hand`);
  }

  // ---------------------------------------------------------------- A. set-up

  chooseRookie(seat, serial) {
    const t = this.expect(["choose_rookie"], seat);
    const me = t.seats[seat];
    if (!me.deck.includes(serial) || !this.isRookie(serial)) {
      fail("NOT_A_ROOKIE", `${serial} is not a Rookie in seat ${seat}'s deck`);
    }
    remove(me.deck, serial);
    me.stack = [serial];
    if (seat === 0) t.turn = 1; else { t.stage = "deal"; t.turn = 0; }
  }

  cardsToShuffle() {
    // The cards of the shuffle that is due (sorted).
    const t = this.live();
    if (t.stage === "deal") return sorted(t.seats[t.turn].deck);
    if (t.stage === "recycle") return sorted(t.shuffles[0][1]);
    return fail("NO_SHUFFLE_DUE", "no shuffle is due");
  }

  shuffled(seat, order) {
    // The shuffle that is due came out as `order` (top first).
    const t = this.live();
    if (t.stage !== "deal" && t.stage !== "recycle") fail("NO_SHUFFLE_DUE", "no shuffle is due");
    const due = t.stage === "deal" ? t.turn : t.shuffles[0][0];
    if (seat !== null && seat !== due) {
      fail("NOT_YOUR_TURN", `seat ${due}'s cards are due, not seat ${seat}'s`);
    }
    if (!Array.isArray(order) || !sameCards(order, this.cardsToShuffle())) {
      fail("BAD_SHUFFLE", "the order must hold exactly the cards due, once each");
    }
    const me = t.seats[due];
    if (t.stage === "deal") {
      me.hand = order.slice(0, HAND_SIZE); me.online = order.slice(HAND_SIZE); me.deck = [];
      if (due === 0) t.turn = 1;
      else { t.stage = "prepare"; t.turn = 0; this.settle(); } // A.3: both Rookies face up
      return;
    }
    t.shuffles.shift(); // a recycle: the shuffled Offline pile becomes the Online deck
    for (const c of order) remove(me.offline, c);
    me.online = [...order];
    this.afterRecycle(due);
    if (!t.shuffles.length) { [t.stage, t.turn] = t.resume; t.resume = null; }
    this.settle();
  }

  // ---------------------------------------------------------------- B. Digivolve

  base(s) {
    // The Digimon a prepared card Digivolves from (a new Rookie, once set up).
    return this.card(s.newRookie || last(s.stack));
  }

  servesDigivice(serial, next) {
    const e = effect(this.card(serial), "digivice");
    return e !== null && (e.battle_types || []).includes(next.battleType);
  }

  static matches(spec, card) {
    if (card.kind !== "digimon") return false;
    return "name" in spec ? card.name === spec.name : card.level === spec.level;
  }

  dnaPartners(s, next, base, exclude) {
    // Hand Digimon that DNA Digivolve `base` into `next` (both one level below it).
    const out = [];
    if (base.rank !== next.rank - 1) return out;
    for (const req of next.requirements) {
      if (req.kind !== "dna") continue;
      const [a, b] = req.partners;
      for (const [here, other] of [[a, b], [b, a]]) {
        if (!Engine.matches(here, base)) continue;
        for (const h of s.hand) {
          const hc = this.card(h);
          if (h !== exclude && !out.includes(h) && Engine.matches(other, hc)
              && hc.rank === next.rank - 1) out.push(h);
        }
      }
    }
    return out;
  }

  tribute(s, next, base) {
    // The smallest payable payment naming `base`, or null.
    const counts = next.requirements
      .filter((r) => r.kind === "tribute" && r.from === base.name)
      .map((r) => r.offline)
      .filter((n) => n <= MAX_PAYMENT && n <= s.online.length);
    return counts.length ? Math.min(...counts) : null;
  }

  static digiviceNamed(next, base) {
    return (next.level === "Ultimate" || next.level === "Mega") &&
      next.requirements.some((r) => r.kind === "digivice" && r.from === base.name);
  }

  checkPrepare(s, serial, support) {
    Engine.inHand(s, serial);
    const next = this.card(serial);
    if (next.kind !== "digimon") fail("NOT_A_DIGIMON", `${serial} is not a Digimon`);
    const base = this.base(s);
    if (next.rank !== base.rank + 1) {
      fail("NOT_NEXT_LEVEL", `${next.name} (${next.level}) is not the next level of ${base.name}`);
    }
    if (support !== null) {
      if (support === serial) fail("BAD_SUPPORT", "the same card cannot be both");
      Engine.inHand(s, support);
      const sc = this.card(support);
      if (effect(sc, "ultra_digivolve")) return;
      if (!effect(sc, "digivice")) fail("BAD_SUPPORT", `${sc.name} is not a DIGIVICE or ULTRA`);
      if (!Engine.digiviceNamed(next, base)) {
        fail("REQUIREMENT", `${next.name} does not Digivolve from ${base.name} with a DIGIVICE`);
      }
      if (!this.servesDigivice(support, next)) {
        fail("REQUIREMENT", `${sc.name} does not serve a ${next.battleType} Digimon`);
      }
      return;
    }
    if (this.tribute(s, next, base) !== null) return;
    if (this.dnaPartners(s, next, base, serial).length) return;
    fail("REQUIREMENT", `${next.name} cannot Digivolve from ${base.name} now: its Digivolve `
      + "Requirements do not name it or cannot be met");
  }

  prepare(seat, serial, support = null) {
    // Put `serial` face down on the Digivolve Zone (a DIGIVICE / ULTRA DIGIVOLVE face down on
    // the Power Port with it).
    const t = this.expect(["prepare", "regroup"], seat);
    const s = t.seats[seat];
    if (t.stage === "regroup" && !s.drew) fail("DRAW_FIRST", "restore the hand before preparing");
    if (s.faceDown !== null) fail("ZONE_FULL", "a card is already face down on the Digivolve Zone");
    this.checkPrepare(s, serial, support);
    remove(s.hand, serial);
    s.faceDown = serial;
    if (support !== null) { remove(s.hand, support); s.port.push(support); s.committed = support; }
    this.endPreparation(seat); // one card: nothing more to prepare
    this.settle();
  }

  ready(seat) {
    // End this seat's preparation without preparing a card.
    const t = this.expect(["prepare", "regroup"], seat);
    if (t.stage === "regroup" && !t.seats[seat].drew) fail("DRAW_FIRST", "restore the hand first");
    this.endPreparation(seat);
    this.settle();
  }

  endPreparation(seat) {
    const t = this.table;
    if (seat === 0) t.turn = 1;
    else if (t.stage === "prepare") t.stage = "coin";
    else { t.duel += 1; this.beginDuel(); }
  }

  coinToss(winner) {
    // The coin toss (B.1) was won by `winner`.
    const t = this.live();
    if (t.stage !== "coin") fail("NO_COIN_DUE", "no coin toss is due");
    t.first = winner;
    this.beginDuel();
    this.settle();
  }

  beginDuel() {
    const t = this.table;
    for (const s of t.seats) { s.passed = false; s.digivolved = false; s.drew = false; }
    t.played = [];
    if (t.seats.every((s) => s.faceDown === null)) { // nothing to Digivolve: straight to Battle
      for (const p of [t.first, 1 - t.first]) this.turnOverRookie(p);
      this.beginBattle();
      return;
    }
    t.stage = "reveal"; t.turn = t.first;
  }

  turnOverRookie(seat) {
    const s = this.table.seats[seat];
    if (s.newRookie === null) return;
    s.offline.push(...s.stack);
    s.stack = [s.newRookie];
    s.newRookie = null;
  }

  committedKind(s) {
    if (s.committed === null) return null;
    return effect(this.card(s.committed), "ultra_digivolve") ? "ultra" : "digivice";
  }

  digivolve(seat, serial, method, support = null, payment = null, source = null) {
    // Turn the Digivolve Zone card over onto the Duel Zone and meet one of its requirements
    // (method: tribute | digivice | dna | ultra).
    const t = this.expect(["reveal"], seat);
    const s = t.seats[seat];
    if (s.digivolved) fail("ONCE_PER_DUEL", "this Digimon has Digivolved this Duel");
    if (s.faceDown === null) fail("NOTHING_FACE_DOWN", "there is no card on the Digivolve Zone");
    if (serial !== s.faceDown) fail("NOT_FACE_DOWN_CARD", `${serial} is not the face-down card`);
    const next = this.card(serial), base = this.base(s); // a new Rookie turns over with it
    if (next.rank !== base.rank + 1) {
      fail("NOT_NEXT_LEVEL", `${next.name} is not the next level of ${base.name}`);
    }
    if ((payment && payment.length) || (source !== null && source !== "online")) {
      fail("PAYMENT_SOURCE", "the payment comes from the Online deck");
    }
    const committed = this.committedKind(s);
    if ((method === "digivice" || method === "ultra") && committed === method
        && support !== null && support !== s.committed) {
      fail("COMMITTED", `${this.card(s.committed).name} was committed with ${next.name}`);
    }
    let pay = 0;
    if (method === "tribute") {
      if (support !== null) fail("REQUIREMENT", "a payment needs no other card");
      pay = this.tribute(s, next, base);
      if (pay === null) fail("REQUIREMENT", `${next.name}'s payment cannot be made`);
    } else if (method === "digivice") {
      if (committed !== "digivice") {
        fail("NOT_COMMITTED", "the DIGIVICE goes face down on the Power Port when the "
          + "next-level card is put face down");
      }
      if (!Engine.digiviceNamed(next, base) || !this.servesDigivice(s.committed, next)) {
        fail("REQUIREMENT", `${next.name} does not Digivolve from ${base.name} with it`);
      }
    } else if (method === "dna") {
      if (support === null || !this.dnaPartners(s, next, base, serial).includes(support)) {
        fail("REQUIREMENT", `${support} is not a DNA partner for ${next.name}`);
      }
    } else if (method === "ultra") {
      if (committed !== "ultra") {
        fail("NOT_COMMITTED", "ULTRA DIGIVOLVE goes face down on the Power Port when the "
          + "next-level card is put face down");
      }
    } else fail("BAD_METHOD", `unknown method ${method}`);
    this.turnOverRookie(seat);
    s.faceDown = null;
    s.stack.push(serial);
    s.digivolved = true;
    s.offline.push(...s.online.splice(0, pay));
    if (method === "dna") { remove(s.hand, support); s.port.push(support); }
    if (method === "ultra") { s.offline.push(...s.hand); s.hand = []; } // "the rest of your hand"
    s.committed = null; // (a DIGIVICE / ULTRA committed but not used stays on the Power Port)
    const bonus = effect(next, "score_on_digivolve");
    if (bonus) this.addScore(seat, bonus.points);
    if (t.stage !== "over") this.nextRevealer(seat);
    this.settle();
  }

  nextRevealer(seat) {
    const t = this.table;
    if (seat === t.first) t.turn = 1 - seat; else this.beginBattle();
  }

  passDigivolve(seat) {
    const s = this.table.seats[seat];
    this.turnOverRookie(seat);
    if (s.faceDown !== null) { // use it or lose it
      s.offline.push(s.faceDown);
      s.faceDown = null;
      s.committed = null; // a DIGIVICE committed with it stays on the Power Port, unused
    }
    s.passed = true;
    this.nextRevealer(seat);
  }

  // ---------------------------------------------------------------- C. Battle

  beginBattle() {
    const t = this.table;
    for (const s of t.seats) s.passed = false;
    t.stage = "battle"; t.turn = t.first;
  }

  active(seat) {
    // `seat`'s Power Blasts whose effects apply now, in play order.
    const port = this.table.seats[seat].port;
    return this.table.played
      .filter(([p, c]) => p === seat && port.includes(c))
      .map(([, c]) => this.card(c));
  }

  abilities(seat, conditional = true) {
    // The Special Abilities `seat`'s Digimon has now (printed and granted; with
    // conditional=false only those granted unconditionally).
    const top = this.top(seat);
    const out = new Set(top ? top.abilities : []);
    for (const c of this.active(seat)) {
      for (const e of c.effects) {
        if (e.kind !== "grant_ability") continue;
        if (conditional ? this.holds(seat, e) : !e.when) out.add(e.ability);
      }
    }
    return out;
  }

  holds(seat, e) {
    // Whether effect `e` of `seat`'s card applies now (its "when").
    const when = e.when;
    if (!when) return true;
    const opp = this.top(1 - seat), mine = this.top(seat);
    if (opp === null || mine === null) return false;
    if ("opponent_battle_type" in when) return when.opponent_battle_type.includes(opp.battleType);
    if ("opponent_ability" in when) {
      return this.abilities(1 - seat, false).has(when.opponent_ability);
    }
    if ("opponent_higher_level" in when) return opp.rank > mine.rank;
    return false;
  }

  power(seat) {
    // `seat`'s Digimon Power now (A.4, then the Power Options played, in order).
    const mine = this.top(seat), opp = this.top(1 - seat);
    if (mine === null || opp === null) return null;
    let value = mine.power[opp.battleType];
    const t = this.table;
    for (const [owner, serial] of t.played) {
      if (!t.seats[owner].port.includes(serial)) continue;
      for (const e of this.card(serial).effects) {
        if (!this.holds(owner, e)) continue;
        if (owner === seat && e.kind === "add_power") value += e.amount;
        else if (owner === seat && e.kind === "multiply_power") value *= e.factor;
        else if (owner !== seat && e.kind === "divide_opponent_power") {
          value = Math.floor(value / e.divisor);
        }
      }
    }
    return value;
  }

  checkOption(seat, serial, discard, target) {
    // Fail (a Rejected) unless `seat` may play Power Option `serial` now, so.
    const t = this.table;
    const s = t.seats[seat], o = t.seats[1 - seat];
    if (!s.hand.includes(serial)) fail("NOT_IN_HAND", `${serial} is not in the hand`);
    const c = this.card(serial);
    if (c.kind !== "power_option") fail("NOT_A_POWER_OPTION", `${c.name} is not a Power Option`);
    if (c.optionType !== "POWER BLAST" || c.restrictions.includes("digivolve_phase_only")) {
      fail("DIGIVOLVE_CARD", `${c.name} is used only in the Digivolve phase`);
    }
    const top = this.top(seat);
    for (const r of c.restrictions) {
      if (r === "not_with_rookie_showing" && top !== null && top.level === "Rookie") {
        fail("RESTRICTION", `${c.name} cannot be used with a Rookie showing`);
      }
      if (r === "not_after_opponent_passes" && o.passed) {
        fail("RESTRICTION", `${c.name} cannot be used after the opponent passed`);
      }
      if (r === "once_per_duel"
          && t.played.some(([p, x]) => p === seat && this.card(x).name === c.name)) {
        fail("RESTRICTION", `only one ${c.name} per Duel`);
      }
    }
    let wantDiscard = 0;
    for (const u of c.useRequirements) {
      if (u.kind === "discard_from_hand") wantDiscard += u.count;
      else if (u.kind === "online_to_offline" && s.online.length < u.count) {
        fail("USE_REQUIREMENT", `${c.name} needs ${u.count} Online cards sent Offline`);
      } else if (u.kind === "own_ability" && !this.abilities(seat).has(u.ability)) {
        fail("USE_REQUIREMENT", `${c.name} needs Special Ability ${u.ability}`);
      }
    }
    const given = discard || [];
    if (given.length !== wantDiscard) {
      fail("USE_REQUIREMENT", `${c.name} needs ${wantDiscard} card(s) sent from the hand Offline`);
    }
    if (new Set(given).size !== given.length
        || given.some((g) => !s.hand.includes(g) || g === serial)) {
      fail("USE_REQUIREMENT", "the discarded cards must be other cards of the hand, each once");
    }
    if (effect(c, "downgrade_champion")) {
      if (target !== 0 && target !== 1) fail("BAD_TARGET", `${c.name} needs a target player`);
      const victim = this.top(target);
      if (victim === null || victim.level !== "Champion" || t.seats[target].stack.length < 2) {
        fail("BAD_TARGET", `seat ${target} shows no Champion to downgrade`);
      }
    } else if (target !== null) fail("BAD_TARGET", `${c.name} takes no target`);
  }

  playOption(seat, serial, discard = null, target = null) {
    // Put a POWER BLAST card from hand on the Power Port, its Use Requirements met.
    const t = this.expect(["battle"], null);
    const s = t.seats[seat];
    if (seat !== t.turn) {
      fail(s.passed ? "ALREADY_PASSED" : "NOT_YOUR_TURN", `it is seat ${t.turn}'s turn`);
    }
    if (s.passed) fail("ALREADY_PASSED", "a pass is final");
    this.checkOption(seat, serial, discard, target);
    const c = this.card(serial);
    remove(s.hand, serial);
    s.port.push(serial);
    t.played.push([seat, serial]);
    for (const g of discard || []) { remove(s.hand, g); s.offline.push(g); }
    for (const u of c.useRequirements) if (u.kind === "online_to_offline") this.mill(seat, u.count);
    if (effect(c, "downgrade_champion")) {
      const v = t.seats[target];
      v.offline.push(v.stack.pop());
    }
    if (!t.seats[1 - seat].passed) t.turn = 1 - seat;
    this.settle();
  }

  pass(seat) {
    // Say "Pass" (Digivolve phase: give up the face-down card; Battle: stop playing).
    const t = this.live();
    if (t.stage === "reveal") {
      this.expect(["reveal"], seat);
      this.passDigivolve(seat);
    } else if (t.stage === "battle") {
      if (t.seats[seat].passed) fail("ALREADY_PASSED", "this player has passed already");
      this.expect(["battle"], seat);
      this.passBattle(seat);
    } else fail("WRONG_STAGE", `nothing to pass at ${t.stage}`);
    this.settle();
  }

  passBattle(seat) {
    const t = this.table;
    t.seats[seat].passed = true;
    if (t.seats[1 - seat].passed) this.endDuel(); else t.turn = 1 - seat;
  }

  mill(seat, n) {
    const s = this.table.seats[seat];
    s.offline.push(...s.online.splice(0, n));
  }

  loseDigimon(seat) {
    const s = this.table.seats[seat];
    s.offline.push(...s.stack.splice(1));
  }

  endDuel() {
    const t = this.table;
    const p0 = this.power(0), p1 = this.power(1);
    if (p0 !== p1) {
      const w = p0 > p1 ? 0 : 1, lo = 1 - w;
      const winCard = this.top(w), lostCard = this.top(lo);
      let points = winCard.score[lostCard.level];
      if (this.active(w).some((c) => effect(c, "double_score_on_win"))) points *= 2;
      const nanimon = effect(winCard, "mill_opponent_on_win");
      if (nanimon) this.mill(lo, nanimon.count);
      for (const c of this.active(lo)) {
        const blitz = effect(c, "mill_opponent_on_loss");
        if (blitz) this.mill(w, blitz.count);
      }
      this.loseDigimon(lo);
      this.clearPorts();
      t.first = w;
      this.addScore(w, points);
    } else { // a tie: the player who went first goes first again
      for (const p of [0, 1]) {
        if (effect(this.top(p), "opponent_digimon_offline_on_tie")) this.loseDigimon(1 - p);
      }
      this.clearPorts();
    }
    if (t.stage === "over") return;
    if (t.maxDuels !== null && t.duel >= t.maxDuels) { t.stage = "over"; t.turn = 0; return; }
    for (const s of t.seats) { s.passed = false; s.drew = false; }
    t.played = [];
    t.stage = "regroup"; t.turn = 0;
  }

  clearPorts() {
    for (const s of this.table.seats) {
      s.offline.push(...s.port);
      s.port = [];
      s.committed = null;
    }
  }

  addScore(seat, points) {
    const t = this.table;
    t.seats[seat].score += points;
    if (t.seats[seat].score >= t.target) { t.winner = seat; t.stage = "over"; }
  }

  // ---------------------------------------------------------------- D. Regroup

  discard(seat, serial) {
    // Before restoring the hand: send one card from hand Offline.
    const s = this.expect(["regroup"], seat).seats[seat];
    if (s.drew) fail("ALREADY_DREW", "discards come before the hand is restored");
    Engine.inHand(s, serial);
    remove(s.hand, serial);
    s.offline.push(serial);
    this.settle();
  }

  draw(seat) {
    // Restore the hand to 10 cards from the Online deck.
    const t = this.expect(["regroup"], seat);
    const s = t.seats[seat];
    if (s.drew) fail("ALREADY_DREW", "the hand is restored once per Regroup");
    s.drew = true;
    const need = Math.max(0, HAND_SIZE - s.hand.length);
    const got = s.online.splice(0, need);
    s.hand.push(...got);
    if (need > got.length) t.owedDraw = [seat, need - got.length];
    this.settle();
  }

  changeRookie(seat, serial) {
    // Set up a Rookie change: the new Rookie face down on top of the old one.
    const s = this.expect(["regroup"], seat).seats[seat];
    if (!s.drew) fail("DRAW_FIRST", "restore the hand first");
    if (s.newRookie !== null) fail("ALREADY_CHANGING", "a Rookie change is already set up");
    if (s.faceDown !== null) fail("ALREADY_PREPARED", "the Rookie change comes before preparing");
    if (this.top(seat).level !== "Rookie") {
      fail("ROOKIE_NOT_SHOWING", "the Rookie can be changed only while it is showing");
    }
    Engine.inHand(s, serial);
    if (!this.isRookie(serial)) fail("NOT_A_ROOKIE", `${serial} is not a Rookie`);
    remove(s.hand, serial);
    s.newRookie = serial;
    this.settle();
  }

  // ---------------------------------------------------------------- D.2 / D.3 recycling

  recyclable(seat) {
    const s = this.table.seats[seat];
    return s.online.length === 0 && (s.offline.length > 0 || s.stack.length > 1
      || s.port.length > 0 || s.faceDown !== null);
  }

  startRecycle(seat) {
    // All cards on `seat`'s side of the board except the Rookie go Offline; the whole
    // Offline pile is to be shuffled into the Online deck.
    const t = this.table;
    const s = t.seats[seat];
    s.offline.push(...s.stack.splice(1));
    if (s.faceDown !== null) { s.offline.push(s.faceDown); s.faceDown = null; }
    s.offline.push(...s.port);
    s.port = [];
    s.committed = null;
    if (s.offline.length < 2) { // one order only: no shuffle needed
      s.online = s.offline;
      s.offline = [];
      this.afterRecycle(seat);
      return;
    }
    if (t.resume === null) t.resume = [t.stage, t.turn];
    t.shuffles.push([seat, [...s.offline]]);
    t.stage = "recycle";
  }

  afterRecycle(seat) {
    // A Regroup draw that ran short finishes from the new Online deck.
    const t = this.table;
    if (t.owedDraw && t.owedDraw[0] === seat) {
      const s = t.seats[seat];
      s.hand.push(...s.online.splice(0, t.owedDraw[1]));
      t.owedDraw = null;
    }
  }

  // ---------------------------------------------------------------- flow

  settle() {
    // After a move: recycle any empty Online deck, then pass for a player who has nothing
    // else to do in the Digivolve or the Battle phase.
    const t = this.table;
    for (let i = 0; i < 200; i++) {
      if (["over", "recycle", "deal", "choose_rookie", "coin"].includes(t.stage)) return;
      const empty = [0, 1].filter((p) => this.recyclable(p));
      if (empty.length) {
        for (const p of empty) {
          if (t.stage !== "recycle" || t.shuffles.every(([q]) => q !== p)) this.startRecycle(p);
        }
        if (t.stage === "recycle") return;
        continue;
      }
      t.owedDraw = null; // nothing left anywhere to draw from
      if (t.stage !== "reveal" && t.stage !== "battle") return;
      if (this.legalMoves().length !== 1) return; // nothing to play: the only move is to pass
      if (t.stage === "reveal") this.passDigivolve(t.turn); else this.passBattle(t.turn);
    }
    throw new Error("the engine went round in circles");
  }

  legalMoves() {
    // Every move of the player to move: [name, args]; none at a chance node or game over.
    const t = this.table;
    if (t === null || ["over", "deal", "coin", "recycle"].includes(t.stage)) return [];
    const p = t.turn, s = t.seats[p], out = [];
    const move = (name, args) => out.push([name, { seat: p, ...args }]);
    if (t.stage === "choose_rookie") {
      for (const c of s.deck) if (this.isRookie(c)) move("choose_rookie", { card: c });
    } else if (t.stage === "prepare" || (t.stage === "regroup" && s.drew)) {
      if (t.stage === "regroup" && s.newRookie === null && s.faceDown === null
          && this.top(p).level === "Rookie") {
        for (const c of s.hand) if (this.isRookie(c)) move("change_rookie", { card: c });
      }
      for (const c of s.faceDown === null ? s.hand : []) {
        for (const sup of [null, ...s.hand]) {
          if (allowed(() => this.checkPrepare(s, c, sup))) {
            move("prepare", { card: c, support: sup });
          }
        }
      }
      move("ready", {});
    } else if (t.stage === "regroup") {
      for (const c of s.hand) move("discard", { card: c });
      move("draw", {});
    } else if (t.stage === "reveal") {
      const next = s.faceDown && this.card(s.faceDown), base = this.base(s);
      if (next && !s.digivolved && next.rank === base.rank + 1) {
        const kind = this.committedKind(s), card = s.faceDown;
        if (kind === "ultra" || (kind === "digivice" && Engine.digiviceNamed(next, base)
                                 && this.servesDigivice(s.committed, next))) {
          move("digivolve", { card, method: kind, support: s.committed });
        }
        if (this.tribute(s, next, base) !== null) move("digivolve", { card, method: "tribute" });
        for (const h of this.dnaPartners(s, next, base, card)) {
          move("digivolve", { card, method: "dna", support: h });
        }
      }
      move("pass", {});
    } else if (t.stage === "battle" && !s.passed) {
      for (const c of s.hand) {
        const card = this.card(c);
        if (card.kind !== "power_option") continue;
        const n = card.useRequirements
          .filter((u) => u.kind === "discard_from_hand").reduce((a, u) => a + u.count, 0);
        const targets = effect(card, "downgrade_champion") ? [0, 1] : [null];
        for (const d of combinations(s.hand.filter((h) => h !== c), n)) {
          for (const tg of targets) {
            if (allowed(() => this.checkOption(p, c, d, tg))) {
              move("play_option", { card: c, discard: d, target: tg });
            }
          }
        }
      }
      move("pass", {});
    }
    return out;
  }
}

module.exports = { Engine, Rejected, READINGS, readCards };
