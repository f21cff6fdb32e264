"""The ambiguity registry: every place the rule text allows more than one reading.

Each :class:`Ambiguity` is a named variant: the oracle implements every reading, a game picks
one reading per ambiguity (``{"DB-AMB-2": "across"}``), and the verifier reports which reading
an implementation follows. This module is the single source: ``digiconform ambiguities`` and
``docs/AMBIGUITIES.md`` are generated from it.

Both rulesets live here: Digi-Battle (``DB-AMB-n``) and the Digimon Card Game chapter 6
(``DCG-AMB-n``; :mod:`oracle.dcg.variants` is only its view of these entries). Starting list:
``docs/rules/AMBIGUITIES.md`` (DB-AMB-1 … DB-AMB-10 and the DCG questions); the rest were
found by reading the clauses against each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from oracle.errors import InvalidInputError


@dataclass(frozen=True)
class Reading:
    """One reading of an ambiguity: a short ``name`` and what it changes."""

    name: str
    summary: str


@dataclass(frozen=True)
class Example:
    """A concrete situation and what happens in it under each reading, worked out by hand from
    the rule text and the printed cards (the scenarios tagged with the ambiguity's ID in
    ``features/digibattle/ambiguities.feature`` check the same outcomes).

    :param situation: the position and the action, in one or two sentences.
    :param outcomes: ``(reading name, outcome)`` for every reading.
    """

    situation: str
    outcomes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Ambiguity:
    """One registry entry.

    :param id: stable ID (``DB-AMB-n``, ``DCG-AMB-n``), used in variant maps, tags and reports.
    :param ruleset: the ruleset whose rules are unclear (``"digibattle"`` or ``"dcg"``).
    :param clauses: the clause IDs whose text is unclear.
    :param question: the question in one sentence.
    :param readings: every reading; the oracle implements each.
    :param default: name of the reading the oracle uses unless told otherwise.
    :param reason: why that default.
    :param evidence: sources (seed text, card texts, rulings).
    :param title: a short name for the register's headings.
    :param example: a worked example with the outcome under each reading.
    :param note: anything a reader of the register needs besides the above (e.g. why random
        games with the Starter decks never reach the situation).
    :param within: ``(ambiguity ID, reading)`` pairs under which alone the question arises
        (e.g. DB-AMB-27 only under DB-AMB-9 ``at-prepare``); under other readings of those
        entries every reading of this one plays the same. Measurements, traces and the
        verifier's verdict take these as the other readings of the game.
    """

    id: str
    ruleset: str
    clauses: tuple[str, ...]
    question: str
    readings: tuple[Reading, ...]
    default: str
    reason: str
    evidence: tuple[str, ...] = ()
    title: str = ""
    example: Example | None = None
    note: str = ""
    within: tuple[tuple[str, str], ...] = ()

    def reading_names(self) -> tuple[str, ...]:
        """Names of the readings, default first."""
        names = [r.name for r in self.readings]
        names.remove(self.default)
        return (self.default, *names)


R = Reading
X = Example

REGISTRY: tuple[Ambiguity, ...] = (
    Ambiguity(
        "DB-AMB-1", "digibattle", ("DB-B.3",),
        "Where does the Rookie-to-Champion payment come from: the Online deck or the hand?",
        (R("online", "the printed number of cards go from the top of the Online deck to Offline"),
         R("hand", "the player sends the printed number of cards from their hand to Offline"),
         R("choice", "the player chooses, for each digivolve, Online or hand")),
        "online",
        "The seed insert says 'moving 1 or 2 cards from Online to Offline'.",
        ("seeds/001 B.3: 'moving 1 or 2 [or 3] cards from Online to Offline as payment'",
         "another transcription of the Arena rules takes the cards from the hand "
         "(docs/rules/AMBIGUITIES.md)",
         "each Champion prints its own count, e.g. Greymon ST-02: 'Agumon - offline 2 cards'"),
        title="Where the Rookie-to-Champion payment comes from",
        example=X(
            "I show Agumon ST-01 and turn over Greymon ST-02 ('Agumon - offline 2 cards'); my "
            "Online deck holds 10 cards and my hand 5.",
            (("online", "Greymon goes on top; the top 2 Online cards go Offline: Online 8, "
                        "hand 5."),
             ("hand", "Greymon goes on top; I send 2 cards of my choice from my hand Offline: "
                      "Online 10, hand 3."),
             ("choice", "I say which: either outcome above (a digivolve that does not name "
                        "its source is refused)."))),
    ),
    Ambiguity(
        "DB-AMB-2", "digibattle", ("DB-B.3", "DB-D.3", "DB-C.2"),
        "May a player pay Online-to-Offline costs larger than what is left Online?",
        (R("refuse", "illegal: the requirement cannot be fulfilled (DB-B.0 'can fulfil')"),
         R("partial", "pay what is there; the Online deck reaches zero (DB-D.3); the rest is "
                      "forgiven"),
         R("across", "pay down to zero, recycle (DB-D.3), then pay the rest from the new "
                     "Online deck")),
        "refuse",
        "DB-B.0 asks that the player be 'prepared to fulfill any other Digivolve Requirements'; "
        "a cost that cannot be paid in full is not fulfilled.",
        ("seeds/001 B: 'you must be prepared to fulfill any other Digivolve Requirements'",
         "seeds/001 D Note: 'If at any time during play the number of your Online cards goes "
         "down to zero ...'"),
        title="A payment larger than the Online deck",
        example=X(
            "I turn over Greymon ST-02 over Agumon ST-01 (2 cards from Online to Offline) with "
            "1 card left Online.",
            (("refuse", "Refused: the requirement cannot be fulfilled (Greymon could not even "
                        "be put face down)."),
             ("partial", "Greymon goes on top and the 1 card Offline; the Online deck is now "
                         "empty, so (DB-D.3) everything above the Rookie, Greymon included, "
                         "goes Offline and is recycled: I battle with Agumon. The missing "
                         "card is forgiven."),
             ("across", "The same recycle, then 1 more card goes from the new Online deck "
                        "to Offline."))),
        note="Under every reading that lets the payment empty the Online deck, the DB-D.3 "
             "recycle takes the Digimon just Digivolved (see DB-AMB-21).",
    ),
    Ambiguity(
        "DB-AMB-3", "digibattle", ("DB-D.2", "DB-D.3"),
        "On Online exhaustion, which cards are shuffled to make the new Online deck?",
        (R("whole-offline", "the whole Offline pile, old discards included, after the board "
                            "cards join it"),
         R("just-sent", "only the cards just sent from the board; older Offline cards stay")),
        "whole-offline",
        "Card texts treat the Offline pile as one deck (Anti-Downgrade: 'place the Offline deck "
        "Online'); 'shuffle them' follows 'send ... Offline'.",
        ("seeds/001 D: 'send ALL the cards on your side of the board, except the Rookie, "
         "Offline. Shuffle them and place them face down Online.'",),
        title="What the exhaustion reshuffle recycles",
        example=X(
            "Battle: my Greymon ST-02 over Agumon ST-01 faces Garurumon; 3 cards are Online and "
            "20 Offline. I play Digi-Duel ST-58, whose cost sends my last 3 Online cards "
            "Offline; the empty deck sends Greymon and Digi-Duel Offline (DB-D.3).",
            (("whole-offline", "All 25 Offline cards are shuffled into the new Online deck."),
             ("just-sent", "Only Greymon and Digi-Duel (2 cards) make the new Online deck; the "
                           "23 others stay Offline."))),
        note="Under just-sent a game can stall for ever: discards never come back, so both "
             "players can end up with empty hands and Online decks, holding only Rookies that "
             "tie every Duel, and no rule ends the game (1.2% of 1,500 generated games, "
             "tools/measure_game_lengths.py). The referee's Duel limit (setup max_duels; "
             "digiconform play --max-duels, default 100) stops such a game undecided.",
    ),
    Ambiguity(
        "DB-AMB-4", "digibattle", ("DB-B.3", "DB-B.7"),
        "Must the Digimon on the Duel Zone (and the DNA partner) be exactly one level below the "
        "DNA Digivolve card?",
        (R("strict", "both DNA Digimon must be exactly one level below the new card"),
         R("either", "any named partner may be on the Duel Zone, skipping a level"),
         R("partner-lower", "the Digimon on the Duel Zone exactly one level below (DB-B.7); "
                            "the partner from the hand may be of any lower level")),
        "strict",
        "DB-B.7 allows one level per Duel; 'DNA Digivolve ... play 2 lower-level cards instead "
        "of 1' reads as one level down.",
        ("oddities/tekkamon-broken-mechanic.md: Snimon (Champion) + Goburimon (Rookie)",
         "oddities/magnadramon-broken-mechanic.md: lists Angemon (Champion) for a Mega"),
        title="DNA partners two levels down",
        example=X(
            "Modelled on Tekkamon (MP-108, 'DNA: Snimon + Goburimon', a Champion and a Rookie): "
            "an Ultimate requiring 'DNA: Snimon + Gotsumon'. (a) I show Snimon BO-25 and hold "
            "Gotsumon ST-23; (b) I show Gotsumon and hold Snimon.",
            (("strict", "Both refused: in (a) the partner is two levels below (DB-B.3), in (b) "
                        "the Digimon showing is (DB-B.7)."),
             ("either", "Both allowed: (b) Digivolves straight from a Rookie to an "
                        "Ultimate."),
             ("partner-lower", "(a) allowed: Snimon on the Duel Zone is one level below and "
                               "the partner may be lower; (b) refused (DB-B.7)."))),
        note="No card in the shipped card set names a partner two levels down (Tekkamon MP-108 "
             "and Magnadramon MO-10 are not in it), so games with the Starter decks never "
             "diverge; the scenario defines a Tekkamon-like card (Gotsumon standing in for "
             "Goburimon). The third reading, partner-lower, was found by an independent engine "
             "playing in lockstep (issue 13): it keeps DB-B.7's one level per Duel for the "
             "Digimon that Digivolves and reads 'lower-level cards' loosely for the partner, "
             "which is how the printed Tekkamon and Magnadramon can be played at all.",
    ),
    Ambiguity(
        "DB-AMB-5", "digibattle", ("DB-C.6",),
        "After the Duel, what happens to the DNA partner on the Power Port?",
        (R("offline", "it is on the Power Port, so it goes Offline with the Power Option cards"),
         R("stays", "it is a Digimon: the winner keeps it in the Duel Zone stack (under the "
                    "Digimon showing); the loser sends it Offline with their Digimon")),
        "offline",
        "DB-C.6 clears the Power Port; the partner was placed there face up and never joins the "
        "Duel Zone.",
        ("seeds/001 B.3b: 'placing the second Digimon ... face up on the Power Port'",
         "seeds/001 C: 'Winner keeps all Digimon on the DUEL ZONE ... Both players send all "
         "Power Option cards Offline.' (the partner is a Digimon, but not on the Duel Zone)"),
        title="The DNA partner after the Duel",
        example=X(
            "I win the Duel with Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07, having "
            "DNA Digivolved with Gekomon ST-27, which is on my Power Port.",
            (("offline", "Gekomon goes Offline with the Power Option cards."),
             ("stays", "Gekomon joins my Duel Zone under Piximon: Piximon over Gekomon over "
                       "Tortomon over Tentomon."))),
    ),
    Ambiguity(
        "DB-AMB-6", "digibattle", ("DB-C.3",),
        "Is a pass in the Battle phase final?",
        (R("final", "a player who passed plays no more this Duel; the other goes on alone"),
         R("not-final", "a player who passed may play again after the other plays; the Duel "
                        "ends on two passes in a row")),
        "final",
        "'The other player may continue ... until he or she runs out of cards or decides to "
        "stop' describes one player going on alone.",
        ("seeds/001 C: 'Continue taking turns until a player ... says Pass. The other player "
         "may continue ...'",),
        title="Is a Battle-phase pass final",
        example=X(
            "In the Battle phase I pass; my opponent then plays Metal Attack ST-53.",
            (("final", "I may not play again: my opponent goes on alone until they pass."),
             ("not-final", "It is my turn again and I may play a card; the Duel ends only on "
                           "two passes in a row."))),
    ),
    Ambiguity(
        "DB-AMB-7", "digibattle", ("DB-C.9",),
        "Does the game end the moment a score reaches the target, or only at the end of a Duel?",
        (R("immediate", "the game ends as soon as a score reaches the target, even mid-Duel"),
         R("end-of-duel", "the target is checked when a Duel ends; the higher score wins "
                          "(equal scores: the player who goes first next, i.e. the Duel's "
                          "winner)")),
        "immediate",
        "'The first player to score 1000 points wins' names the moment of reaching it.",
        ("seeds/001 C: 'The first player to score 1000 points ... wins the game.'",
         "cards such as HerculesKabuterimon ST-33: 'Score 300 when Digivolving'"),
        title="When the target score ends the game",
        example=X(
            "Target 1000; I have 800 points and, in the Digivolve phase, turn over "
            "HerculesKabuterimon ST-33 ('Score 300 when Digivolving to this Digimon').",
            (("immediate", "I reach 1100 and win the game at once."),
             ("end-of-duel", "I have 1100 but the Duel is played out; when it ends, the "
                             "higher score at or over 1000 wins the game."))),
        note="Only the 'Score 300 when Digivolving' Megas score in the middle of a Duel, so "
             "with the Starter decks the readings part only when such a Mega is reached "
             "within 300 points of the target.",
    ),
    Ambiguity(
        "DB-AMB-8", "digibattle", ("DB-D.4",),
        "May a Rookie be changed when a Champion (or higher) is showing?",
        (R("rookie-showing", "only when the Digimon showing is the Rookie"),
         R("any-level", "also under a Champion or higher; on the reveal the whole old stack "
                        "goes Offline")),
        "rookie-showing",
        "'the option of changing their Rookie (if they have one showing on the Duel Zone)'.",
        ("seeds/001 D: 'the players have the option of changing their Rookie (if they have "
         "one showing on the Duel Zone)'",
         "seeds/001 D: 'place the new Rookie face down on top of the old Rookie (The old "
         "Rookie remains under the new Rookie.)'"),
        title="Changing the Rookie under a Champion",
        example=X(
            "In Regroup my Duel Zone shows Greymon ST-02 over Agumon ST-01 and I hold Palmon "
            "ST-09.",
            (("rookie-showing", "Refused: my Rookie is not showing (DB-D.4)."),
             ("any-level", "Palmon goes face down on top; when I turn it over, Greymon and "
                           "Agumon go Offline."))),
    ),
    Ambiguity(
        "DB-AMB-9", "digibattle", ("DB-B.3", "DB-B.3n", "DB-B.0", "DB-D.5"),
        "When is a DIGIVICE (or ULTRA DIGIVOLVE) committed?",
        (R("on-reveal", "played from hand when the next-level card is turned over"),
         R("at-prepare", "placed face down on the Power Port with the face-down next-level card; "
                         "lost if the player passes")),
        "on-reveal",
        "The insert (the rules text) has the DIGIVICE placed while fulfilling the requirements.",
        ("seeds/001 B.3a: 'Place a DIGIVICE Power Option card on the POWER PORT'",
         "Digivice Red ST-59: 'Place this card face down on Power Port when placing next-level "
         "Digimon face down on Digivolve-Zone.'"),
        title="When a DIGIVICE is committed",
        example=X(
            "Before the coin toss I show Kabuterimon ST-08 and prepare MegaKabuterimon ST-28 "
            "(it needs a DIGIVICE), holding Digivice Red ST-59.",
            (("on-reveal", "MegaKabuterimon goes face down alone; the Digivice stays in my "
                           "hand until I turn it over (preparing both together is refused)."),
             ("at-prepare", "The Digivice goes face down on my Power Port with it (preparing "
                            "MegaKabuterimon alone is refused); if I then pass, the Digivice "
                            "is lost too."))),
    ),
    Ambiguity(
        "DB-AMB-10", "digibattle", ("DB-A.4",),
        "Which row of the power chart gives a player's Digimon Power?",
        (R("opponent-type", "your card's power against the opponent's Battle Type"),
         R("own-type", "your card's power in the row of your own Battle Type")),
        "opponent-type",
        "The seed's set-up text and EXAMPLE C read your own card against the opponent's type.",
        ("seeds/001 A: 'the chart on their card showing the amount of DIGIMON POWER they can "
         "blast at that type of opponent'",
         "seeds/000 EXAMPLE C: GREEN OFFENSIVE 'changing his or her Digimon Power to (GREEN)'",
         "docs/rules/AMBIGUITIES.md: one fan page reads your own type's row"),
        title="Which row of the power chart",
        example=X(
            "My Agumon ST-01 (Red) faces Gabumon ST-05 (Green).",
            (("opponent-type", "Agumon 230 (its power against Green), Gabumon 350 (against "
                               "Red): my opponent leads."),
             ("own-type", "Agumon 140 (its Red row), Gabumon 240 (its Green row)."))),
    ),
    Ambiguity(
        "DB-AMB-11", "digibattle", ("DB-B.3",),
        "How many cards may a Rookie-to-Champion payment be?",
        (R("1-2", "a Champion printing 'offline 3 cards' cannot be digivolved to"),
         R("1-3", "payments of 1, 2 or 3 cards are allowed (the fan note)")),
        "1-2",
        "The insert says '1 or 2'; '[or 3]' is the transcriber's note.",
        ("seeds/001 B.3: 'moving 1 or 2 [or 3] cards'",),
        title="Payments of 3 cards",
        example=X(
            "I show Agumon ST-01 and turn over a Champion printing 'Agumon - offline 3 cards'; "
            "my Online deck holds 10 cards.",
            (("1-2", "Refused: no payment of 3 is allowed."),
             ("1-3", "I Digivolve; 3 cards go from Online to Offline: Online 7."))),
        note="No card in the shipped card set prints a payment of 3, so games with the Starter "
             "decks never diverge; the scenario defines such a Champion itself.",
    ),
    Ambiguity(
        "DB-AMB-12", "digibattle", ("DB-B.4", "DB-B.2"),
        "May the second player Digivolve with a card they did not place face down beforehand?",
        (R("prepared-only", "only the card face down on the Digivolve Zone can be turned over"),
         R("from-hand", "a player whose Digivolve Zone is empty may Digivolve straight from "
                        "hand on their turn")),
        "prepared-only",
        "'Digivolving as shown above' refers to turning over the card on the Digivolve Zone.",
        ("seeds/001 B.4: 'may respond by either: 4. Digivolving as shown above'",),
        title="Digivolving straight from the hand",
        example=X(
            "I Digivolve Agumon ST-01 into Greymon ST-02; my opponent, with nothing face down, "
            "then wants to Digivolve Gabumon ST-05 into Garurumon ST-06 from their hand.",
            (("prepared-only", "Refused: there is no card on their Digivolve Zone (DB-B.6)."),
             ("from-hand", "Allowed: Garurumon goes on top of Gabumon, paid as usual."))),
    ),
    Ambiguity(
        "DB-AMB-13", "digibattle", ("DB-C.2",),
        "May a Power Option be played without fulfilling its Use Requirements?",
        (R("must-fulfil", "no: the play is refused"),
         R("no-effect", "yes: the card goes on the Power Port and its Effect does not apply")),
        "must-fulfil",
        "Refusing is the reading every known engine uses; a card that does nothing has no "
        "purpose except to cycle the hand.",
        ("seeds/001 C: 'You must complete these Use Requirements as part of your turn for the "
         "Effect to come into play.'",),
        title="Playing a Power Option without its Use Requirements",
        example=X(
            "I hold Metal Attack ST-53 ('To use this card, send one card from your hand "
            "Offline') and Palmon ST-09, and play Metal Attack without sending Palmon Offline.",
            (("must-fulfil", "Refused."),
             ("no-effect", "Metal Attack goes on my Power Port with no effect: my Greymon stays "
                           "at 340 and Palmon stays in my hand."))),
    ),
    Ambiguity(
        "DB-AMB-14", "digibattle", ("DB-C.5",),
        "Digi-Duel ST-58 'If you win the Duel, double your Score': which score?",
        (R("duel-points", "the points scored for this Duel are doubled"),
         R("total", "the whole score counter is doubled after adding this Duel's points")),
        "duel-points",
        "Every other scoring text speaks of the points of one Duel; doubling the counter would "
        "end most games at once.",
        ("Digi-Duel ST-58: 'If you win the Duel, double your Score.'",),
        title="What Digi-Duel doubles",
        example=X(
            "I have 300 points, play Digi-Duel ST-58, and win the Duel with Greymon ST-02 "
            "against Nanimon, a Champion (Greymon's SCORE for a Champion: 100).",
            (("duel-points", "I score 200 (100 doubled): 500 points."),
             ("total", "I score 100 (400), then my counter is doubled: 800 points."))),
    ),
    Ambiguity(
        "DB-AMB-15", "digibattle", ("DB-A.4", "DB-C.2"),
        "In which order do Power Option modifiers combine (e.g. +50 then x2)?",
        (R("play-order", "each modifier applies in the order the cards were played"),
         R("add-first", "all additions first, then multiplications, then divisions")),
        "play-order",
        "The Battle text says to 'keep track of how ... strength changes with each card played'.",
        ("seeds/001 C: 'Keep track of how the dueling Digimon's relative strength changes with "
         "each card played'",
         "Counter Attack ST-54 (double) and Metal Attack ST-53 (+50) are in both Starter decks"),
        title="Order of Power Option modifiers",
        example=X(
            "My Greymon ST-02 (420 against Yellow) faces SkullGreymon ST-32 (a Yellow "
            "Ultimate). I play Counter Attack ST-54 (x2), later Metal Attack ST-53 (+50).",
            (("play-order", "420 x 2 + 50 = 890."),
             ("add-first", "(420 + 50) x 2 = 940."))),
    ),
    Ambiguity(
        "DB-AMB-16", "digibattle", ("DB-D.1", "DB-D.2", "DB-D.3"),
        "When the Regroup draw takes exactly the last Online card, is the deck recycled at once?",
        (R("recycle", "yes: the Online deck reached zero (DB-D.3)"),
         R("wait", "no: DB-D.2 applies only when there are too few cards; the empty deck is "
                   "recycled the next time a card is needed")),
        "recycle",
        "DB-D.3 applies 'if at any time during play the number of your Online cards goes down to "
        "zero'.",
        ("seeds/001 D Note",),
        title="A Regroup draw that takes the last Online card",
        example=X(
            "In Regroup I hold 6 cards and my Online deck holds exactly 4; my Duel Zone shows "
            "Greymon ST-02 over Agumon ST-01.",
            (("recycle", "I draw 4; the Online deck is empty, so at once Greymon goes Offline "
                         "and the 19 Offline cards are shuffled into a new Online deck."),
             ("wait", "I draw 4; Greymon stays and the Online deck stays empty until a card "
                      "is next needed (at the latest the next Regroup draw, DB-D.2)."))),
    ),
    Ambiguity(
        "DB-AMB-17", "digibattle", ("DB-C.2",),
        "Is a Power Option's condition ('when confronting ...') checked when it is played or "
        "continuously?",
        (R("continuous", "checked whenever Digimon Power is read; a later change turns it on "
                         "or off"),
         R("on-play", "checked once when the card is played")),
        "continuous",
        "'When confronting an opponent with ...' describes the Duel's current state.",
        ("Coral Rip BO-44: 'When confronting an opponent with Special Ability \"Swim\" ...'; "
         "its restriction: 'Effect applies until voided by opponent or sent Offline by you'",
         "Counter Attack ST-54, Bomb Dive BO-52, Digiruption BO-53 and Depth Charge BO-54 end "
         "with '... until end of Duel', which reads as an effect locked in when played (for "
         "on-play)"),
        title="When a Power Option's condition is checked",
        example=X(
            "My Greymon ST-02 (340) faces Garurumon ST-06. I play Coral Rip BO-44 ('When "
            "confronting an opponent with Special Ability \"Swim\", add 50'); my opponent then "
            "plays Aquatic Attack BO-45, which gives Garurumon Swim.",
            (("continuous", "Coral Rip now applies: Greymon 390."),
             ("on-play", "Garurumon had no Swim when Coral Rip was played: Greymon stays "
                         "340."))),
    ),
    Ambiguity(
        "DB-AMB-18", "digibattle", ("DB-C.2",),
        "'Do not use this card with a Rookie on Duel Zone': a Rookie showing, or any Rookie?",
        (R("showing", "only when the Digimon showing is a Rookie"),
         R("anywhere", "whenever a Rookie is in the Duel Zone (always, so the card is unusable)")),
        "showing",
        "A Rookie is always at the bottom of the Duel Zone, so the other reading makes the card "
        "useless.",
        ("Counter Attack ST-54: 'Do not use this card with a Rookie on Duel Zone.'",
         "Digi-Duel ST-58: 'Do not use this card with a Rookie in your Duel Zone.'",
         "seeds/001 D: the old Rookie 'remains under' a new one: a Rookie is always at the "
         "bottom of the Duel Zone"),
        title="'With a Rookie on Duel Zone'",
        example=X(
            "My Duel Zone shows Greymon ST-02 over Agumon ST-01 facing SkullGreymon ST-32, an "
            "Ultimate; I play Counter Attack ST-54 ('Do not use this card with a Rookie on "
            "Duel Zone').",
            (("showing", "Allowed: Greymon's 420 is doubled to 840."),
             ("anywhere", "Refused: Agumon is in my Duel Zone, under Greymon."))),
    ),
    # ------------------------------------------------------------------------------------
    # Digimon Card Game (2020), chapter 6 (ruleset "dcg"; cards are the REAL cards of
    # oracle/data/dcg/cards.json and, where no real card reaches the position, the INVENTED
    # test-only cards X-01..X-05 of oracle/data/dcg/test-only-cards.json). oracle/dcg/variants.py
    # reads these entries.
    Ambiguity(
        "DB-AMB-19", "digibattle", ("DB-C.1", "DB-C.7", "DB-D.6"),
        "Who plays the first Power Option card in the Battle phase of a later Duel: the "
        "Duel's first player or the coin-toss winner?",
        (R("duel-first", "the player who goes first in the Duel (the last Duel's winner, "
                         "DB-C.7) also starts the Battle phase"),
         R("coin-toss", "every Battle phase starts with the coin-toss winner, as DB-C.1 "
                        "says; DB-C.7 and DB-D.6 only decide who Digivolves first")),
        "duel-first",
        "'Winner goes first in the next Duel' (DB-C.7) names the whole Duel, and DB-C.1 was "
        "written for the first Duel, where the coin-toss winner is the first player.",
        ("seeds/001 C: 'Starting with the winner of the coin toss, players now take turns "
         "playing POWER OPTION cards'",
         "seeds/001 C: 'Winner goes first in the next Duel.'",
         "seeds/001 D: 'Winner of the last Duel initiates the new Duel by starting at step "
         "#2 of B. DIGIVOLVE'"),
        title="Who starts the Battle phase",
        example=X(
            "My opponent won the coin toss; I won Duel 1. Duel 2 reaches its Battle phase.",
            (("duel-first", "I play the first Power Option card."),
             ("coin-toss", "My opponent plays the first Power Option card."))),
    ),
    Ambiguity(
        "DB-AMB-21", "digibattle", ("DB-D.3", "DB-B.3", "DB-C.2"),
        "When a payment empties the Online deck in the middle of a Duel, is the deck "
        "recycled at once, taking the Digimon just Digivolved and the Power Port with it?",
        (R("at-once", "at once: every card on the player's side except the Rookie (the "
                      "Digimon showing, the Power Port) goes Offline and is recycled; the "
                      "player fights on with the Rookie"),
         R("after-duel", "the empty deck waits until the Duel has ended (after scoring and "
                         "the DB-C.6 clean-up); the recycle then takes what is left on the "
                         "board")),
        "at-once",
        "DB-D.3: 'If at any time during play the number of your Online cards goes down to "
        "zero ... you must send ALL the cards on your side of the board, except the Rookie, "
        "Offline ... before resuming play.'",
        ("seeds/001 D Note (quoted in the reason)",
         "the payments that can empty the deck mid-Duel: Rookie-to-Champion payments "
         "(DB-B.3) and Digi-Duel ST-58's 'send three of your Online cards Offline'"),
        title="An Online deck emptied in the middle of a Duel",
        example=X(
            "With exactly 2 cards Online I Digivolve Agumon ST-01 into Greymon ST-02, paying "
            "2 cards from Online to Offline.",
            (("at-once", "Greymon goes Offline with the recycle at once: I battle with "
                         "Agumon."),
             ("after-duel", "I battle with Greymon; my deck is recycled when the Duel is "
                            "over."))),
    ),
    Ambiguity(
        "DB-AMB-22", "digibattle", ("DB-C.8", "DB-C.6"),
        "Bakemon ST-45 'Send opponent's Digimon offline when Duel ends in a tie': all the "
        "opponent's Digimon except the Rookie, or only the one showing?",
        (R("all-but-rookie", "as for a defeated player (DB-C.6): every Digimon above the "
                             "Rookie goes Offline"),
         R("showing-only", "only the Digimon showing goes Offline (one level down); a "
                           "Rookie showing stays")),
        "all-but-rookie",
        "The card echoes the loser's clean-up of DB-C.6 ('sends all Digimon, except the "
        "Rookie, OFFLINE').",
        ("Bakemon ST-45: 'Send opponent's Digimon offline when Duel ends in a tie.'",
         "seeds/001 C: 'Defeated player sends all Digimon, except the Rookie, OFFLINE.'"),
        title="Bakemon's tie effect",
        example=X(
            "I show LadyDevimon BO-22 over Devimon BO-02 over DemiDevimon ST-42 (420 "
            "against Yellow); my opponent's Bakemon ST-45 (370) plays Metal Attack (+50): "
            "the Duel ends in a tie, 420 to 420.",
            (("all-but-rookie", "LadyDevimon and Devimon go Offline: I show DemiDevimon."),
             ("showing-only", "Only LadyDevimon goes Offline: I show Devimon."))),
        note="The readings part only when the opponent has an Ultimate or Mega over a "
             "Champion; Bakemon is in Starter deck 2, but no random Starter game reached "
             "such a tie.",
    ),
    Ambiguity(
        "DB-AMB-23", "digibattle", ("DB-C.4", "DB-C.5", "DB-C.9"),
        "At the end of a Duel, do 'when this Digimon wins' / 'if you lose the Duel' effects "
        "(Nanimon ST-15, Blitz ST-52) and the clean-up happen before the winner scores, or "
        "after - so not at all when the points win the game?",
        (R("effects-first", "the effects, then the clean-up (DB-C.6), then the points and "
                            "the target check"),
         R("score-first", "in the text's order: the points and the target check first; a "
                          "game won there ends before the effects and the clean-up")),
        "effects-first",
        "The effects are triggered by the Duel's result, which is known before the points "
        "are counted.",
        ("Nanimon ST-15: 'Send 1 card from opponent's Online to Offline when this Digimon "
         "wins.'",
         "Blitz ST-52: 'If you lose the Duel, send opponent's top three Online cards "
         "Offline.'",
         "seeds/001 C: the text orders 'wins the Duel', 'scores points', 'keeps all "
         "Digimon'"),
        title="End-of-Duel effects and the winning points",
        example=X(
            "Target 1000; I have 900 points, my opponent played Blitz ST-52, and I win the "
            "Duel for 100 points.",
            (("effects-first", "Blitz sends my top 3 Online cards Offline, then I score "
                               "and win the game."),
             ("score-first", "I score and win the game; Blitz never happens: my Online "
                             "deck keeps its 3 cards."))),
        note="Only the final state of a won game differs (the winning Duel's effects and "
             "clean-up done or not); the winner is the same.",
    ),
    Ambiguity(
        "DB-AMB-24", "digibattle", ("DB-C.3",),
        "Has a player with no playable Power Option card 'run out' (passed without a word), "
        "or must they still take a turn and say Pass?",
        (R("say-pass", "the player keeps their turns; their only legal action is to pass"),
         R("run-out", "a player with no playable Power Option card counts as passed at "
                      "once: at the start of the Battle phase or as soon as they have "
                      "none")),
        "say-pass",
        "The text has the player stop and say \"Pass\"; nothing says that running out "
        "passes for them.",
        ("seeds/001 C: 'Continue taking turns until a player runs out of Power Option cards "
         "to play, or decides to stop playing them, and says \"Pass.\"'",
         "Digi-Duel ST-58: 'This card can not be used after opponent passes.'"),
        title="Running out of Power Option cards",
        example=X(
            "The Battle phase starts and I go first, holding Digi-Duel ST-58 (Greymon "
            "showing, 10 Online cards); my opponent holds no playable Power Option card.",
            (("say-pass", "I may play Digi-Duel: my opponent has not passed yet."),
             ("run-out", "My opponent has run out, so has passed: Digi-Duel is refused "
                         "('can not be used after opponent passes').")),
        ),
        note="Mostly a matter of procedure (a pass with no choice is or is not an action); "
             "it changes outcomes only through cards that look at a pass, such as "
             "Digi-Duel.",
    ),
    Ambiguity(
        "DB-AMB-25", "digibattle", ("DB-D.1", "DB-D.6"),
        "Who regroups first: player 0 (seat order) or the player who goes first in the next "
        "Duel?",
        (R("seat-order", "player 0 discards, draws and prepares, then player 1"),
         R("first-player", "the next Duel's first player regroups first")),
        "seat-order",
        "The text does not say; both players regroup at the same time at a table, and "
        "nothing one does in Regroup changes what the other may do.",
        ("seeds/001 D: 'First, you must restore your hand to 10 cards ...' (addressed to "
         "each player; no order)",),
        title="Who regroups first",
        example=X(
            "My opponent wins the Duel (so goes first in the next one).",
            (("seat-order", "I regroup first."),
             ("first-player", "My opponent regroups first."))),
        note="Procedure only: the same choices reach the same position in either order; "
             "what differs is whose action is asked for (and what the second player has "
             "seen of the first player's preparation).",
    ),
    Ambiguity(
        "DB-AMB-26", "digibattle", ("DB-C.2",),
        "Digi-Duel ST-58 'You may only use one of these cards per Duel': one per player, or "
        "one for both players together?",
        (R("per-player", "each player may use one Digi-Duel per Duel"),
         R("per-duel", "once either player has used a Digi-Duel, no other may be used in "
                       "that Duel")),
        "per-player",
        "Restrictions on a card speak to the player who plays it.",
        ("Digi-Duel ST-58: 'You may only use one of these cards per Duel.'",),
        title="'One of these cards per Duel'",
        example=X(
            "My opponent played Digi-Duel ST-58 this Duel; I hold my own Digi-Duel.",
            (("per-player", "I may play mine."),
             ("per-duel", "Mine is refused."))),
        note="Never with the Starter decks: only Starter deck 2 holds a Digi-Duel, once "
             "(DB-A.5 allows no duplicates), so both decks need one.",
    ),
    Ambiguity(
        "DB-AMB-27", "digibattle", ("DB-B.3", "DB-B.0", "DB-B.3n"),
        "Under DB-AMB-9 'at-prepare', does a DIGIVICE or ULTRA DIGIVOLVE committed at "
        "preparation bind the player to Digivolve with that card?",
        (R("free", "the committed card is one way among the printed requirements: the player "
                   "may fulfil another (a payment, a DNA partner) and leave it on the Power "
                   "Port"),
         R("bound", "having committed the card, the player Digivolves with it or passes; the "
                    "other requirements are refused (DB-B.3)")),
        "free",
        "DB-B.3 asks that one of the printed Digivolve Requirements be fulfilled; neither the "
        "insert nor the Digivice text says that placing the card rules the others out.",
        ("seeds/001 B.3: 'Fulfil the Digivolve Requirements' (any one printed way)",
         "Digivice Red ST-59: 'Place this card face down on Power Port when placing "
         "next-level Digimon face down on Digivolve-Zone.'",
         "found by an independent engine playing in lockstep (issue 13)"),
        title="A support card committed at preparation: binding or not",
        example=X(
            "Under DB-AMB-9 at-prepare, I show Agumon ST-01 and prepared Greymon ST-02 "
            "('Agumon - offline 2 cards') with Ultra Digivolve committed on my Power Port; 10 "
            "cards Online.",
            (("free", "I may pay 2 Online cards instead: Greymon comes in, Ultra Digivolve "
                      "stays on the Power Port until the Duel's clean-up."),
             ("bound", "Paying is refused (DB-B.3): I Digivolve with Ultra Digivolve (my hand "
                       "goes Offline) or pass."))),
        note="Arises only under DB-AMB-9 at-prepare; under on-reveal nothing is committed "
             "before the reveal and both readings play the same.",
        within=(("DB-AMB-9", "at-prepare"),),
    ),
    Ambiguity(
        "DB-AMB-28", "digibattle", ("DB-B.5", "DB-B.0", "DB-C.6"),
        "Under DB-AMB-9 'at-prepare', where does the committed DIGIVICE or ULTRA DIGIVOLVE go "
        "when the player passes?",
        (R("port", "it stays face down on the Power Port (it has no effect there) and goes "
                   "Offline with the Power Option cards at the Duel's end (DB-C.6)"),
         R("offline", "it goes Offline at once with the face-down Digimon (DB-B.5 'use it or "
                      "lose it')")),
        "port",
        "DB-B.5 sends the face-down Digimon Offline and names no other card; the committed "
        "card is on the Power Port, which DB-C.6 empties at the Duel's end.",
        ("seeds/001 B.5: 'the card on the DIGIVOLVE ZONE is sent OFFLINE' (the Digimon only)",
         "seeds/001 C: 'Both players send all Power Option cards Offline.'",
         "DB-AMB-9's own wording ('lost if the player passes') fits both",
         "found by an independent engine playing in lockstep (issue 13)"),
        title="Where the committed card goes on a pass",
        example=X(
            "Under DB-AMB-9 at-prepare, I prepared MegaKabuterimon ST-28 with Digivice Red "
            "ST-59 on my Power Port, and I pass.",
            (("port", "MegaKabuterimon goes Offline; the Digivice stays on my Power Port until "
                      "the Duel is over."),
             ("offline", "MegaKabuterimon and the Digivice both go Offline at once."))),
        note="Arises only under DB-AMB-9 at-prepare. The two readings reach the same Offline "
             "pile after the Duel; they differ during it (an Online exhaustion in the Battle "
             "phase recycles the Offline pile, DB-AMB-3 whole-offline) and in the state.",
        within=(("DB-AMB-9", "at-prepare"),),
    ),
    Ambiguity(
        "DCG-AMB-1", "dcg", ("DCG-6-6-4", "DCG-6-2-1-2", "DCG-6-1-4-1"),
        "After a postponed end of turn (6-6-4), in which phase does the turn go on? It matters "
        "when the end of turn began before the Main phase (6-2-1-2).",
        (R("same-phase", "the turn stays in the phase where the end of turn was postponed and "
                         "goes on with that phase's remaining processing, then the later "
                         "phases in order (unsuspend, draw, breeding, main)"),
         R("main-phase", "the turn goes on in the Main phase; the skipped phases are not "
                         "played; [Start of Your Main Phase] triggers if the Main phase had "
                         "not begun")),
        "same-phase",
        "6-6-4 says the turn 'stays in that phase' (そのフェイズのまま) and FAN-EOT says 'return "
        "to the phase you were in'; no text skips phases.",
        ("seed 6-6-4: 'ターン終了時にメモリーが0以上になった場合、"
         "ターン終了にはならず、そのフェイズのままです。' (if memory becomes 0 or more at "
         "end of turn, the turn does not end and stays in that phase)",
         "seed 6-2-1-2: if the turn-end condition holds after the start-of-turn processing, the "
         "turn goes to end of turn before anything is unsuspended",
         "CR4.2 6-6-4: if memory moves to 0 or more during the end-of-turn timing, the end of "
         "the turn is postponed and the current phase continues",
         "FAN-EOT: the end-of-turn procedure can start before the Main phase (when the turn "
         "ends there, the later phases are not played); if memory is then 0 or more on your "
         "side, you stop ending the turn and return to the phase you were in"),
        title="Where a postponed end of turn goes on",
        example=X(
            "My turn starts at memory 1 with the test-only Drain Testmon X-01 ('[Start of Your "
            "Turn] Lose 2 memory') and Dusk Testmon X-02 ('[End of Your Turn] [Once Per Turn] "
            "Gain 2 memory'), both suspended (no real card loses memory at the start of its "
            "turn): memory goes to my opponent's 1, the turn ends before unsuspending "
            "(6-2-1-2), Dusk Testmon brings it back to my 1 and the end of turn is postponed "
            "(6-6-4).",
            (("same-phase", "The Unsuspend phase goes on: both Digimon unsuspend, I draw and "
                            "make my breeding action, then the Main phase."),
             ("main-phase", "The turn goes straight to the Main phase: my Digimon stay "
                            "suspended, no draw and no breeding action."))),
    ),
    Ambiguity(
        "DCG-AMB-2", "dcg", ("DCG-6-5-1-7",),
        "A pass declared while memory is already more than 3 on the opponent's side (possible "
        "only under a raised turn-end threshold): set it to 3 or leave it?",
        (R("set-to-3", "memory becomes exactly 3 on the opponent's side, even if that gives "
                       "memory back to the passing player"),
         R("never-lower", "memory becomes 3 on the opponent's side unless it is already "
                          "further toward the opponent, where it stays")),
        "set-to-3",
        "6-5-1-7-1 says memory 'immediately becomes 3 on the opponent's side' and the glossary "
        "adds 'regardless of where the marker was'.",
        ("seed 6-5-1-7-1: 'パスを宣言した場合、即座にメモリーが相手側の3になります。' "
         "(when a pass is declared, memory immediately becomes 3 on the opponent's side)",
         "GL Pass: memory goes to 3 on the opponent's side regardless of where the marker was",
         "QA2454: a pass under a raised turn-end threshold (BT14-081, BT17-069 inherited: the "
         "turn ends only at 3 or more on the opponent's side) moves memory to 3 and the turn "
         "ends"),
        title="A pass with memory already past 3 on the opponent's side",
        example=X(
            "With the test-only Tamer Testzed X-03 ('Your turn ends only when memory is 6 or "
            "more on your opponent's side') in play, memory is at my opponent's 5 and I pass.",
            (("set-to-3", "Memory goes back to my opponent's 3; my turn goes on (below 6)."),
             ("never-lower", "Memory stays at my opponent's 5; my turn goes on (below 6)."))),
        note="The printed cards that raise the threshold (BT14-081, BT17-069) raise it to 3: "
             "memory at 3 or more on the opponent's side then ends the turn, so a pass never "
             "finds it past 3 and the readings agree. They part only under a higher threshold, "
             "such as the invented test-only Tamer Testzed X-03 (6 or more). With nothing but a "
             "pass to play under Tamer Testzed, the same position comes back after every pass: "
             "under either "
             "reading the game is a draw (CR4.2 18-3 Infinite loops; the second scenario).",
    ),
    Ambiguity(
        "DCG-AMB-3", "dcg", ("DCG-6-2-1-1",),
        "In which order do simultaneous start-of-turn effects (and, by the same rule, any "
        "simultaneously triggered effects) resolve?",
        (R("turn-player-chooses", "when two or more effects wait, the turn player picks which "
                                  "resolves next (action 'resolve')"),
         R("card-order", "they resolve in the order their cards entered the battle area "
                         "(oldest first), delayed end-of-turn processing after triggers")),
        "turn-player-chooses",
        "CR4.2 'Triggered effects': the turn player resolves theirs first, choosing the order "
        "one at a time; QA945/QA948 apply this to set-to-3 plus gain-1.",
        ("seed 6-2-1-1: start-of-turn rules and effects are processed before the unsuspend "
         "(its example: '[Start of your turn] If memory is 2 or less, set it to 3'); chapter 6 "
         "gives no order among them",
         "CR4.2 15-4-3-5: of simultaneous triggered effects, the turn player resolves all of "
         "theirs first, choosing the order one at a time; then the non-turn player",
         "QA945 / QA948 / QA950 / QA955: with a 'set it to 3' Tamer and a 'gain 1 at start of "
         "turn' Tamer the turn player chooses the order; set to 3 first, then +1, gives 4",
         "CR4.2 18-1-1/2 (DCG-CONTEXT 1.8): delayed processing ('...lose 3 memory at the end "
         "of the turn') is handled as if it triggered at end of turn, simultaneously with the "
         "other end-of-turn triggers",
         "a public DCG engine (issue 25) lets the player order triggered effects but always "
         "runs delayed end-of-turn processing after them (see the note)"),
        title="The order of simultaneous start-of-turn effects",
        example=X(
            "My turn starts at memory 2 with Tai Kamiya BT2-089 ('[Start of Your Turn] If you "
            "have 2 memory or less, set your memory to 3'), played first, and Vegiemon "
            "BT11-049 ('[Start of Your Turn] Gain 1 memory').",
            (("turn-player-chooses", "I choose: Tai Kamiya first gives 3 then 4 (QA945); "
                                     "Vegiemon first gives 3, then nothing to set: 3."),
             ("card-order", "Tai Kamiya (in play first) resolves first: memory 4."))),
        note="The order can decide whether a loop of turns that end before their draw goes on "
             "(CR4.2 18-3 Infinite loops: a loop nobody can stop is a draw). When no order "
             "stops it, the game is a draw under either reading. When one order does (Tai "
             "Kamiya BT2-089 with two test-only Drain Testmon X-01: Tai first ends the turn "
             "before the draw, a Drain Testmon first does not), the game goes on under "
             "turn-player-chooses and is a draw under card-order, where Tai Kamiya, in play "
             "first, always resolves first (the "
             "second and third scenarios). A third engine behaviour was seen (issue 25): the "
             "player orders the triggered effects of one timing by choice, but delayed "
             "end-of-turn processing ('at the end of the turn, lose 3 memory', CR4.2 18-1) "
             "always resolves after them. CR4.2 18-1-2 handles pending processing as if it "
             "triggered at end of turn, simultaneously with the [End of Your Turn] effects, so "
             "the turn player orders it with them (this entry's 'turn-player-chooses'); the "
             "'card-order' reading puts it last with no choice. Such an engine follows "
             "'turn-player-chooses' except when an [End of Your Turn] effect and delayed "
             "processing wait together, where it plays as 'card-order' does for the delayed "
             "part: the verifier reports that position as a divergence under either reading.",
    ),
    Ambiguity(
        "DCG-AMB-4", "dcg", ("DCG-6-1-2",),
        "Is there a mulligan at set-up?",
        (R("mulligan", "current rules: starting with the first player, each player may once "
                       "return the hand, reshuffle and draw 5 again"),
         R("no-mulligan", "2020 launch rules: no mulligan")),
        "mulligan",
        "The mulligan has been part of the official rules since 1 Apr 2023 (MULL).",
        ("CR4.2 5-2-1-4/5: starting with the first player, each player may once return the "
         "whole hand, shuffle and draw 5 again",
         "MULL: the mulligan took effect on 1 Apr 2023",
         "NOTE2020: the 2020 launch rules had no mulligan ('初期手札は5枚、マリガンはなし')"),
        title="A mulligan at set-up",
        example=X(
            "Both players have drawn 5 cards and the first player dislikes their hand.",
            (("mulligan", "The first player may return the hand, reshuffle and draw 5 again; "
                          "then the second player decides."),
             ("no-mulligan", "Both keep their hands; security cards are placed at once."))),
        note="Set-up (CR4.2 5-2-1) is not part of chapter 6, so no clause of the seed speaks of "
             "a mulligan; the entry and its scenarios carry DCG-6-1-2.",
    ),
    Ambiguity(
        "DCG-AMB-5", "dcg", ("DCG-6-2-1-1",),
        "When is the 'If ...' of a triggered effect checked: only when it resolves, or also "
        "when it would trigger (so that an effect whose condition is false does not wait, "
        "and joins the waiting effects when another effect of the same timing makes it "
        "true)?",
        (R("on-resolution", "every effect of the timing triggers and waits; its 'If ...' is "
                            "read when it resolves (a false one then does nothing)"),
         R("trigger-condition", "an effect whose 'If ...' is false when its timing comes does "
                                "not trigger; it triggers as soon as another effect of the "
                                "same timing makes it true, and is read again when it "
                                "resolves")),
        "on-resolution",
        "Seed 6-2-1-1 gives '[Start of Your Turn] If you have 2 or less memory, set it to 3' "
        "as an effect processed at the start of the turn without saying the 'If' gates the "
        "trigger, and CR4.2 'Triggered effects' triggers an effect when its timing comes; "
        "reading the condition on resolution is also what decides the QA945 order (set to 3 "
        "first, then +1) the register's DCG-AMB-3 follows. The texts do not settle memory "
        "3 or more, where the readings part.",
        ("seed 6-2-1-1: 'ターン開始となった時点でルールや効果の処理がある場合、アクティブフェイズの"
         "アクティブより先に処理します。(例：「【自分のターン開始時】メモリーが 2以下なら、3に"
         "する。」…)' (rules and effects due when the turn starts are processed before the "
         "unsuspend; its example is the conditional set-to-3)",
         "CR4.2 15-4-2-2 (DCG-CONTEXT 1.8): a trigger fires whenever its condition is met, "
         "even mid-processing; 15-4-2-3: pending effects activate one at a time",
         "BT2-089 Tai Kamiya: '[Start of Your Turn] If you have 2 memory or less, set your "
         "memory to 3.'; ST2-12 Matt Ishida: '[Start of Your Turn] If your opponent has a "
         "Digimon with no digivolution cards, gain 1 memory.'",
         "a public DCG engine (issue 25) keeps a conditional start-of-turn effect out of its "
         "pending set while the condition is false and adds it when another effect makes it "
         "true; the oracle lists it and reads the condition on resolution"),
        title="When the 'If ...' of a triggered effect is checked",
        example=X(
            "My turn starts at memory 3 with Tai Kamiya BT2-089 ('[Start of Your Turn] If you "
            "have 2 memory or less, set your memory to 3') and the test-only Drain Testmon "
            "X-01 ('[Start of Your Turn] Lose 2 memory') in my battle area.",
            (("on-resolution", "Both effects wait and I choose the order: Drain Testmon first "
                               "gives 1, then Tai sets 3; Tai first does nothing, then "
                               "Drain Testmon gives 1."),
             ("trigger-condition", "Only Drain Testmon triggers (3 is not 2 or less) and "
                                   "resolves without a choice: memory 1; that makes Tai's "
                                   "condition true, so Tai triggers and sets memory to 3."))),
        note="With a single conditional effect and nothing that changes its condition the "
             "readings reach the same memory; they part in what waits ('pending') and in "
             "whether the turn player is asked for an order (DCG-AMB-3 'turn-player-chooses'). "
             "Under 'trigger-condition' the effects waiting for their condition are kept, "
             "until their timing is over, in the player's 'once_per_turn_used' as "
             "'wait:<timing>:<source>:<card>:<effect>' keys.",
    ),
)

BY_ID: Mapping[str, Ambiguity] = {a.id: a for a in REGISTRY}


def defaults(ruleset: str = "digibattle") -> dict[str, str]:
    """The default reading of every ambiguity of ``ruleset``."""
    return {a.id: a.default for a in REGISTRY if a.ruleset == ruleset}


def resolve(chosen: Mapping[str, str] | None, ruleset: str = "digibattle") -> dict[str, str]:
    """Fill in defaults and check a variant choice.

    :param chosen: ambiguity ID → reading name (may be partial or ``None``).
    :returns: a complete map for ``ruleset``.
    :raises InvalidInputError: unknown ID or reading (path ``$.variants.<ID>``).
    """
    result = defaults(ruleset)
    for key, reading in (chosen or {}).items():
        amb = BY_ID.get(key)
        if amb is None or amb.ruleset != ruleset:
            raise InvalidInputError(f"$.variants.{key}", f"unknown ambiguity for {ruleset}")
        if reading not in amb.reading_names():
            raise InvalidInputError(
                f"$.variants.{key}",
                f"unknown reading {reading!r}; expected one of {', '.join(amb.reading_names())}",
            )
        result[key] = reading
    return result
