Feature: C. Battle - playing Power Option cards
  Starting with the coin-toss winner, players take turns playing one POWER OPTION card per turn
  on their POWER PORT. A card's EFFECT applies only when its Use Requirements are fulfilled as
  part of that turn. Play goes on until a player runs out of cards or says "Pass"; the other
  player may go on until they run out or stop.

  "I" am player 0 and "my opponent" is player 1. Digimon Power is read from a Digimon's own
  power chart against the opponent's Battle Type (DB-A.4); the numbers below are the printed
  ones of the Upper Deck cards.

  Rule: DB-C.1 Starting with the coin-toss winner, players alternate one Power Option per turn

    @DB-C.1 @DB-B.1
    Scenario: The coin-toss winner plays the first Power Option card
      Given it is the Digivolve phase and my opponent goes first
      And my opponent won the coin toss
      And my Duel Zone shows Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Digivolve Zone holds Garurumon ST-06 face down
      When my opponent passes
      And I pass
      Then the phase is Battle
      And it is my opponent's turn

    @DB-C.1
    Scenario: After a Power Option card the turn goes to the other player
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Counter Attack ST-54, Palmon ST-09 and 6 other cards
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then it is my opponent's turn
      And my Power Port holds Metal Attack ST-53

    @DB-C.1
    Scenario: One card per turn: a second card in a row is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Blitz ST-52, Palmon ST-09 and 6 other cards
      And my opponent's hand holds Metal Attack ST-53, Biyomon ST-03 and 7 other cards
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      And I try to play Blitz ST-52
      Then the action is refused for DB-C.1
      And my Power Port holds Metal Attack ST-53

    @DB-C.1
    Scenario: Only Power Option cards go on the Power Port
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Palmon ST-09, Metal Attack ST-53 and 7 other cards
      When I try to play Palmon ST-09
      Then the action is refused for DB-C.1

  Rule: DB-C.2 An Effect applies only if its Use Requirements are fulfilled that turn

    @DB-C.2
    Scenario: Metal Attack adds 50 when one card from the hand goes Offline
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      # Greymon against a Green opponent: 340; Garurumon against a Red opponent: 410.
      When I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then my Digimon Power is 390
      And my opponent's Digimon Power is 410
      And my Offline pile includes Palmon ST-09
      And my hand holds 7 cards

    @DB-C.2 @DB-AMB-13
    Scenario: Metal Attack with no other card to send Offline is refused
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53
      And the position is loaded directly: no game without changing the check - a hand of one card in the Battle phase; the deal and every Regroup give 10 cards (DB-A.2, DB-D.1), and the hand shrinks only by Power Option cards played one per turn (DB-C.1), so Metal Attack alone needs eight cards played with their Use Requirements met, which would change what this scenario checks
      When I try to play Metal Attack ST-53
      Then the action is refused for DB-C.2
      And my Digimon Power is 340

    @DB-C.2
    Scenario: Bomb Dive needs Special Ability "Fly"
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      # Blitz (no Use Requirement) leaves me a real choice, so no engine passes for me.
      And my hand holds Bomb Dive BO-52, Blitz ST-52 and 7 other cards
      When I try to play Bomb Dive BO-52
      Then the action is refused for DB-C.2

    @DB-C.2
    Scenario Outline: Bomb Dive adds 100 only against a Green or Yellow opponent
      Given it is the Battle phase and I go first
      And my Duel Zone shows Birdramon ST-04 over Biyomon ST-03
      And my opponent's Duel Zone shows <opponent>
      And my hand holds Bomb Dive BO-52 and 8 other cards
      When I play Bomb Dive BO-52
      Then my Digimon Power is <power>

      Examples:
        | opponent                           | power |
        | Garurumon ST-06 over Gabumon ST-05 | 460   |
        | Nanimon ST-15 over Palmon ST-09    | 300   |
        | Greymon ST-02 over Agumon ST-01    | 410   |

    @DB-C.2
    Scenario: Digiruption doubles a Dig Digimon's power against a Green opponent
      Given it is the Battle phase and I go first
      And my Duel Zone shows Rockmon ST-22 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Digiruption BO-53 and 8 other cards
      When I play Digiruption BO-53
      Then my Digimon Power is 600

    @DB-C.2
    Scenario: Depth Charge halves a Red opponent's power for a Swim Digimon
      Given it is the Battle phase and I go first
      And my Duel Zone shows Ikkakumon ST-12 over Gomamon ST-11
      And my opponent's Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my hand holds Depth Charge BO-54 and 8 other cards
      When I play Depth Charge BO-54
      Then my Digimon Power is 210
      And my opponent's Digimon Power is 110

    @DB-C.2 @DB-C.3
    Scenario Outline: Digi-Duel "can not be used after opponent passes"
      # Digi-Duel ST-58's printed restriction, part of its Use Requirements (DB-C.2): with
      # Greymon showing (not a Rookie) and a full Online deck to send three cards Offline
      # from, only my opponent's pass decides.
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Digi-Duel ST-58, Blitz ST-52 and 7 other cards
      And my opponent's hand holds Blitz ST-52 and 8 other cards
      When my opponent <first>
      And I try to play Digi-Duel ST-58
      Then <outcome>

      Examples:
        | first            | outcome                             |
        | passes           | the action is refused for DB-C.2    |
        | plays Blitz ST-52 | my Power Port holds Digi-Duel ST-58 |

    @DB-C.2 @DB-AMB-2
    Scenario: Digi-Duel with 2 Online cards cannot be used
      # "To use this card, send three of your Online cards Offline": with two Online cards
      # the Use Requirement cannot be fulfilled, and under the default reading "refuse" of
      # DB-AMB-2 a payment that cannot be made in full is refused.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds Digi-Duel ST-58, Blitz ST-52 and 7 other cards
      And my Online deck holds 2 cards
      When I try to play Digi-Duel ST-58
      Then the action is refused for DB-C.2

    @DB-C.2 @DB-AMB-2 @DB-D.3
    Scenario Outline: Digi-Duel with 2 Online cards under the reading "<reading>": the third card is <rest>
      # Under "partial" and "across" of DB-AMB-2 the two Online cards are paid and the Online
      # deck reaches zero (DB-D.3): everything above the Rookie (Greymon, and Digi-Duel in my
      # Power Port) goes Offline and the Offline pile is shuffled: 30 - 2 - 9 - 2 = 17 before,
      # + 2 paid + Greymon + Digi-Duel = 21. "partial" forgives the third card; "across" pays
      # it from the new Online deck.
      Given the reading "<reading>" of DB-AMB-2
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      # Tentomon (100 against Red) loses the earlier Duels to Agumon, so I go first (DB-C.7).
      And my opponent's Duel Zone shows Kabuterimon ST-08 over Tentomon ST-07
      And my hand holds Digi-Duel ST-58, Blitz ST-52 and 7 other cards
      And my Online deck holds 2 cards
      When I play Digi-Duel ST-58
      Then a shuffle of my 21 cards is due
      When my cards are shuffled
      Then my Online deck holds <online> cards
      And my Offline pile holds <offline> cards

      Examples:
        | reading | rest     | online | offline |
        | partial | forgiven | 21     | 0       |
        | across  | paid     | 20     | 1       |

    @DB-C.2 @DB-C.4
    Scenario Outline: Counter Attack doubles only against a higher level: <opponent>
      # Counter Attack ST-54: "When confronting an opponent of a higher Digivolve Level, double
      # the number of your Digimon Power". Greymon (Champion) against Green: 340, doubled 680.
      # Against Red: Piximon (Ultimate) 470, Garurumon (Champion) 410, Gabumon (Rookie) 350:
      # each beats 340 and loses to 680, so who wins the Duel shows whether it doubled.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows <opponent>
      And my hand holds Counter Attack ST-54 and 8 other cards
      When I play Counter Attack ST-54
      And my opponent passes
      And I pass
      Then <winner> the Duel

      Examples:
        | opponent                                             | winner               |
        | Piximon ST-30 over Tortomon ST-25 over Tentomon ST-07 | I win                |
        | Garurumon ST-06 over Gabumon ST-05                   | my opponent wins     |
        | Gabumon ST-05                                        | my opponent wins     |

  Rule: DB-C.3 Play goes on until a player runs out or passes; the other may go on alone

    @DB-C.3
    Scenario: After my opponent passes I may keep playing
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Counter Attack ST-54, Palmon ST-09 and 6 other cards
      When my opponent passes
      And I play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then it is my turn
      And the phase is Battle
      And my Digimon Power is 390

    @DB-C.3
    Scenario: The Duel ends when the second player stops too
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When I pass
      And my opponent passes
      Then the phase is Regroup

    @DB-C.3 @DB-AMB-6
    Scenario: A player who passed may not play again (the reading "final")
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Blitz ST-52, Biyomon ST-03 and 6 other cards
      When I pass
      And my opponent plays Metal Attack ST-53 sending Biyomon ST-03 Offline
      And I try to play Metal Attack ST-53 sending Palmon ST-09 Offline
      Then the action is refused for DB-C.3

    @DB-C.3 @DB-AMB-6
    Scenario: My opponent who passed may not play again either (the reading "final")
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      And my opponent's hand holds Metal Attack ST-53, Blitz ST-52, Biyomon ST-03 and 6 other cards
      When my opponent passes
      And I play Metal Attack ST-53 sending Palmon ST-09 Offline
      And my opponent tries to play Metal Attack ST-53 sending Biyomon ST-03 Offline
      Then the action is refused for DB-C.3

    @DB-C.3
    Scenario: A player with no Power Option cards left can only pass
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Palmon ST-09, Biyomon ST-03 and 7 other cards
      Then my only choice is to pass

    @DB-C.2
    Scenario: A discard written as one card instead of a list is invalid input, not a rule's refusal
      # docs/PROTOCOL.md: an action field of the wrong JSON type ("discard" a string, not an
      # array of serials) makes the action unreadable: "invalid", whatever the rules would say.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      When I try to play Metal Attack ST-53 sending Palmon ST-09 Offline, the discard written as one card instead of a list
      Then the action is refused as invalid input

    @DB-C.2
    Scenario: A card written as a number instead of its serial is invalid input, not a rule's refusal
      # docs/PROTOCOL.md: an action field of the wrong JSON type ("card" a number, not a
      # serial) makes the action unreadable: "invalid", whatever the rules would say.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Metal Attack ST-53, Palmon ST-09 and 7 other cards
      When I try to play Metal Attack ST-53, the card written as a number instead of its serial
      Then the action is refused as invalid input

    @DB-C.1
    Scenario: An action for a player 2 is invalid input, not a rule's refusal
      # The action form (schemas/action.schema.json) has players 0 and 1 only: an action for
      # player 2 is unreadable, "invalid", not a move out of turn.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When a pass is sent for player 2
      Then the action is refused as invalid input

    @DB-C.1
    Scenario: An action for player true is invalid input, not a move of player 1
      # The action form (schemas/action.schema.json) writes a player as the integer 0 or 1;
      # the JSON true is no integer, so the action is unreadable, "invalid", even on player
      # 1's turn.
      Given it is the Battle phase and my opponent goes first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When a pass is sent for my opponent with the player written as true instead of a number
      Then the action is refused as invalid input

    @DB-C.3
    Scenario: A pass carrying a field no action has is invalid input, not a rule's refusal
      # Each action type has exactly its own fields (schemas/action.schema.json): a pass with
      # a "comment" is unreadable, "invalid", though passing is legal here (DB-C.3).
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When a pass is sent for me with a field no action has
      Then the action is refused as invalid input

    @DB-C.1
    Scenario: An action type the game does not have is invalid input, not a rule's refusal
      # The Battle phase's moves are playing a Power Option card and passing (DB-C.1,
      # DB-C.3); an "attack" is no action of the game at all (the action schema's types), so
      # it is unreadable, "invalid", not a move the rules refuse.
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      When an attack, an action type the game does not have, is sent for me
      Then the action is refused as invalid input

  Rule: DB-C.2 A Use Requirement that discards two cards

    # No bundled Power Option discards two cards: EX-05 is Metal Attack asking for two.
    @DB-C.2
    Scenario: Double Attack's two discards, named in either order
      Given a card that is not in the bundled card set:
        | serial           | EX-05                                                  |
        | name             | Double Attack                                          |
        | kind             | power_option                                           |
        | option_type      | POWER BLAST                                            |
        | text             | Add 100 points. Send two cards from your hand Offline. |
        | effects          | [{"kind": "add_power", "amount": 100}]                 |
        | use_requirements | [{"kind": "discard_from_hand", "count": 2}]            |
        | restrictions     | []                                                     |
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Double Attack EX-05, Palmon ST-09, Biyomon ST-03, Gabumon ST-05 and 5 other cards
      # Greymon against Green: 340, +100. C(8, 2) = 28 ways to pay, and the pass.
      Then my legal actions number 29
      When I play Double Attack EX-05 sending Palmon ST-09 and Biyomon ST-03 Offline
      Then my Digimon Power is 440
      And my Offline pile includes Palmon ST-09 and Biyomon ST-03
      And my hand holds 6 cards

  Rule: DB-C.2 Downgrade sends a Champion showing Offline, down to its Rookie

    # Downgrade ST-57: "Downgrade either your champion or your opponent's Champion to Rookie.
    # Place this card on Power Port and send either your Champion or your opponent's Champion
    # Offline. To use this card, send one card from your hand Offline."
    @DB-C.2
    Scenario: Downgrade sends my opponent's Champion Offline and leaves their Rookie showing
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Downgrade ST-57, Palmon ST-09 and 7 other cards
      When I play Downgrade ST-57 on my opponent's Champion sending Palmon ST-09 Offline
      Then my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Offline pile includes Garurumon ST-06
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my Offline pile includes Palmon ST-09

    @DB-C.2
    Scenario: Downgrade may send my own Champion Offline
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Downgrade ST-57, Palmon ST-09 and 7 other cards
      When I play Downgrade ST-57 on my Champion sending Palmon ST-09 Offline
      Then my Duel Zone shows Agumon ST-01
      And my Offline pile includes Greymon ST-02 and Palmon ST-09
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05

    @DB-C.2
    Scenario: Downgrade cannot be aimed at a Rookie
      Given it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Gabumon ST-05
      And my hand holds Downgrade ST-57, Palmon ST-09 and 7 other cards
      When I try to play Downgrade ST-57 on my opponent's Champion sending Palmon ST-09 Offline
      Then the action is refused for DB-C.2

    # No bundled Power Option downgrades and does something else: each Effect of the card
    # applies once, the downgrade to the one Champion aimed at.
    @DB-C.2
    Scenario: A Power Option that downgrades and adds power sends one Champion Offline, once
      Given a card that is not in the bundled card set:
        | serial           | EX-10                                                                                           |
        | name             | Downgrade Attack                                                                                |
        | kind             | power_option                                                                                    |
        | option_type      | POWER BLAST                                                                                     |
        | text             | Downgrade your opponent's Champion to Rookie and add 100 points. Send one card from your hand Offline. |
        | effects          | [{"kind": "downgrade_champion"}, {"kind": "add_power", "amount": 100}]                          |
        | use_requirements | [{"kind": "discard_from_hand", "count": 1}]                                                     |
        | restrictions     | []                                                                                              |
      And it is the Battle phase and I go first
      And my Duel Zone shows Greymon ST-02 over Agumon ST-01
      And my opponent's Duel Zone shows Garurumon ST-06 over Gabumon ST-05
      And my hand holds Downgrade Attack EX-10, Palmon ST-09 and 7 other cards
      When I play Downgrade Attack EX-10 on my opponent's Champion sending Palmon ST-09 Offline
      Then my opponent's Duel Zone shows Gabumon ST-05
      And my opponent's Offline pile includes Garurumon ST-06
