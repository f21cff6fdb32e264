Feature: DCG ambiguities - one outcome per reading
  Where chapter 6 allows more than one reading, the project names every reading in the register
  oracle/variants.py (DCG-AMB-1 ...; oracle/dcg/variants.py is only its DCG view) and a game
  picks one through its set-up's "variants". Each Rule below is one ambiguity; its Scenario
  Outline sets the reading and its Examples give the expected outcome under each reading, so a
  report can say which reading an implementation follows (`digiconform ambiguities --ruleset dcg`).

  "I" am seat 0 and "my opponent" is seat 1. Cards are REAL cards of oracle/data/dcg/cards.json
  (printed name and card number) and, where no real card reaches the position, the INVENTED
  test-only cards of oracle/data/dcg/test-only-cards.json (Drain Testmon X-01, Dusk Testmon
  X-02, Tamer Testzed X-03; each says there why no real card serves). The expected numbers
  follow from the printed costs and effects (given in comments) and the readings' own
  descriptions.

  @DCG-AMB-1 @DCG-6-6-4 @DCG-6-2-1-2
  Rule: DCG-AMB-1 Where the turn goes on after an end of turn postponed before the Main phase

    Scenario Outline: An end of turn postponed in the Unsuspend phase under "<reading>"
      # My turn starts with memory 1 (Biyomon ST1-02 costs 2). Drain Testmon X-01: [Start of Your
      # Turn] Lose 2 memory: 1 on my opponent's side, end of turn before unsuspending.
      # Dusk Testmon X-02: [End of Your Turn] [Once Per Turn] Gain 2 memory: back to 1 on my
      # side, so the turn does not end.
      # "same-phase": the Unsuspend phase goes on (unsuspend, draw, Breeding phase).
      # "main-phase": the turn goes on in the Main phase; nothing unsuspends, nothing is drawn,
      # and Angoramon LM-008's [Start of Your Main Phase] (If you have a Tamer, gain 1 memory;
      # Tai Kamiya ST1-12 is my Tamer) triggers.
      Given the reading "<reading>" of DCG-AMB-1
      And it is my opponent's turn in the Main phase with memory 1
      And my battle area has a suspended Drain Testmon X-01
      And my battle area has a suspended Dusk Testmon X-02
      And my battle area has a suspended Angoramon LM-008
      And my battle area has Tai Kamiya ST1-12
      And my hand holds 6 cards
      And my opponent's hand holds Biyomon ST1-02
      When my opponent plays Biyomon ST1-02
      Then it is my turn in the <phase> phase
      And <memory>
      And my Drain Testmon X-01 is <orientation>
      And my hand holds <hand> cards

      Examples:
        | reading    | phase    | memory                  | orientation | hand |
        | same-phase | Breeding | memory is 1 on my side  | unsuspended | 7    |
        | main-phase | Main     | memory is 2 on my side  | suspended   | 6    |

  @DCG-AMB-2 @DCG-6-5-1-7
  Rule: DCG-AMB-2 A pass while memory is already past 3 on my opponent's side

    Scenario Outline: Passing at 5 on my opponent's side under "<reading>"
      # Tamer Testzed X-03: [Your Turn] Your turn ends only when memory is 6 or more on your
      # opponent's side, so neither 5 nor what the pass leaves ends the turn.
      # Drain Testmon X-01 costs 6: from memory 1 to 5 on my opponent's side. Dracomon ST1-04 stays
      # in my hand, so passing is not the only thing I could do next.
      Given the reading "<reading>" of DCG-AMB-2
      And it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Drain Testmon X-01 and Dracomon ST1-04
      When I play Drain Testmon X-01
      Then memory is 5 on my opponent's side
      When I pass
      Then memory is <memory> on my opponent's side
      And the turn does not end

      Examples:
        | reading     | memory |
        | set-to-3    | 3      |
        | never-lower | 5      |

    Scenario Outline: Passing at exactly 4 on my opponent's side under "<reading>"
      # As above, one short: Drain Testmon X-01 costs 6, from memory 2 to 4 on my opponent's
      # side, already past the 3 a pass sets ("never-lower" keeps it), below Tamer Testzed
      # X-03's 6 (the turn goes on).
      Given the reading "<reading>" of DCG-AMB-2
      And it is my turn in the Main phase with memory 2
      And my battle area has Tamer Testzed X-03
      And my hand holds Drain Testmon X-01 and Dracomon ST1-04
      When I play Drain Testmon X-01
      Then memory is 4 on my opponent's side
      When I pass
      Then memory is <memory> on my opponent's side
      And the turn does not end

      Examples:
        | reading     | memory |
        | set-to-3    | 3      |
        | never-lower | 4      |

    Scenario Outline: Passing at 5 on my opponent's side with nothing else to do, "<reading>"
      # Under Tamer Testzed X-03 neither 3 nor 5 on my opponent's side ends the turn. Drain Testmon
      # X-01 costs 6: from memory 1 to 5 on my opponent's side. Phoenixmon ST1-10 costs 10,
      # more than I can pay at 3 or 5 on my opponent's side (7 or 5), and digivolves only from
      # a red level 5 (Drain Testmon is blue): passing is all I can do, and under either reading
      # every pass brings back a position where passing is all I can do. Nobody can stop that
      # loop, so the game is a draw as soon as it is there, under either reading (CR4.2
      # "Infinite loops").
      Given the reading "<reading>" of DCG-AMB-2
      And it is my turn in the Main phase with memory 1
      And my battle area has Tamer Testzed X-03
      And my hand holds Drain Testmon X-01, Phoenixmon ST1-10, Phoenixmon ST1-10, Phoenixmon ST1-10 and Phoenixmon ST1-10
      And my hand holds 5 cards
      When I play Drain Testmon X-01
      Then memory is 5 on my opponent's side
      And the game is a draw

      Examples:
        | reading     |
        | set-to-3    |
        | never-lower |

  @DCG-AMB-3 @DCG-6-2-1-1
  Rule: DCG-AMB-3 The order of simultaneous start-of-turn effects

    Scenario Outline: Tai Kamiya and Vegiemon when my turn starts with memory 2, "<reading>"
      # Groundramon BT1-020 costs 5: from 3, my turn starts with memory 2. Tai Kamiya BT2-089:
      # [Start of Your Turn] If you have 2 memory or less, set your memory to 3. Vegiemon BT11-049:
      # [Start of Your Turn] Gain 1 memory. Set-to-3 first, then +1: 4 (QA945); +1 first: 3,
      # then nothing to set. "card-order": they resolve in the order the cards entered the
      # battle area.
      Given the reading "<reading>" of DCG-AMB-3
      And it is my opponent's turn in the Main phase with memory 3
      And my battle area has <first> and <second>
      And my opponent's hand holds Groundramon BT1-020
      When my opponent plays Groundramon BT1-020
      And <order>
      Then it is my turn in the Breeding phase
      And memory is <memory> on my side

      Examples:
        | reading             | first              | second             | order                                             | memory |
        | turn-player-chooses | Tai Kamiya BT2-089 | Vegiemon BT11-049  | I resolve the effect of Tai Kamiya BT2-089 first  | 4      |
        | turn-player-chooses | Tai Kamiya BT2-089 | Vegiemon BT11-049  | I resolve the effect of Vegiemon BT11-049 first   | 3      |
        | card-order          | Tai Kamiya BT2-089 | Vegiemon BT11-049  | the effects resolve without a choice              | 4      |
        | card-order          | Vegiemon BT11-049  | Tai Kamiya BT2-089 | the effects resolve without a choice              | 3      |

    Scenario Outline: Every turn ends before its draw, whatever order I pick: a draw, "<reading>"
      # Vegiemon BT11-049 (+1) and two Drain Testmon X-01 (-2 each) at the start of my turn, and
      # the same three at the start of my opponent's. Biyomon ST1-02 costs 2: my turn begins at
      # 2 and ends at 1 on my opponent's side in any order; theirs begins at 1 and ends at 2 on
      # my side; mine begins at 2 again. Choosing an order changes nothing, so nobody can stop
      # the loop (CR4.2 "Infinite loops"): the game is a draw as soon as it starts.
      Given the reading "<reading>" of DCG-AMB-3
      And it is my opponent's turn in the Main phase with memory 0
      And my battle area has Vegiemon BT11-049, Drain Testmon X-01 and Drain Testmon X-01
      And my opponent's battle area has Vegiemon BT11-049, Drain Testmon X-01 and Drain Testmon X-01
      And my opponent's hand holds Biyomon ST1-02
      When my opponent plays Biyomon ST1-02
      Then the game is a draw

      Examples:
        | reading             |
        | turn-player-chooses |
        | card-order          |

    Scenario Outline: Every turn ends at exactly 1 on the other side before it unsuspends: a draw, "<reading>"
      # The same loop at the edge of the turn-end condition (DCG-6-1-4-1: 1 or more on the
      # opponent's side). Matt Ishida ST2-12: [Start of Your Turn] If your opponent has a
      # Digimon with no digivolution cards, gain 1 memory; my opponent's only Digimon is Drain
      # Testmon X-01 over Ikkakumon ST2-05 over Gomamon ST2-02, so it gains nothing, in either
      # order. Digivolving Ikkakumon into Drain Testmon costs 3: from 2, my turn starts with 1;
      # my Drain Testmon X-01 (-2) leaves exactly 1 on my opponent's side; their turn starts
      # with 1 and their Drain Testmon leaves 1 on my side; mine starts with 1 again. Choosing
      # an order changes nothing, so nobody can stop the loop (CR4.2 "Infinite loops"): the
      # game is a draw as soon as it starts.
      Given the reading "<reading>" of DCG-AMB-3
      And it is my opponent's turn in the Main phase with memory 2
      And my battle area has Matt Ishida ST2-12 and Drain Testmon X-01
      And my opponent's battle area has an unsuspended Ikkakumon ST2-05 over Gomamon ST2-02
      And my opponent's hand holds Drain Testmon X-01
      When my opponent digivolves Ikkakumon ST2-05 into Drain Testmon X-01
      Then the game is a draw

      Examples:
        | reading             |
        | turn-player-chooses |
        | card-order          |

    Scenario Outline: With Tai Kamiya the order decides whether the loop goes on, "<reading>"
      # Birdramon ST1-05 costs 4: from 3, my turn starts with memory 1.
      # Tai Kamiya BT2-089 (set to 3 if 2 or less) and two Drain Testmon X-01: from 1, Tai first
      # gives 3 - 2 - 2: 1 on my opponent's side and the turn ends; a Drain Testmon first gives
      # 1 on my opponent's side, set to 3, then 1: the turn goes on. "turn-player-chooses": I
      # can stop the loop, so the game goes on and the order is mine to pick. "card-order": Tai
      # entered first, so every turn of mine ends before the draw, and my opponent's too (one
      # Drain Testmon from 1): a draw.
      Given the reading "<reading>" of DCG-AMB-3
      And it is my opponent's turn in the Main phase with memory 3
      And my battle area has Tai Kamiya BT2-089, Drain Testmon X-01 and Drain Testmon X-01
      And my opponent's battle area has Drain Testmon X-01
      And my opponent's hand holds Birdramon ST1-05
      When my opponent plays Birdramon ST1-05
      Then <outcome>

      Examples:
        | reading             | outcome            |
        | turn-player-chooses | it is my turn      |
        | card-order          | the game is a draw |

  @DCG-AMB-4 @DCG-6-1-2
  Rule: DCG-AMB-4 Is there a mulligan at set-up?

    Scenario Outline: After rock-paper-scissors under "<reading>"
      # "mulligan": starting with the first player, each may once redraw a new hand of 5.
      # "no-mulligan" (2020 launch rules): the first player's turn starts at once.
      Given the reading "<reading>" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by me
      Then my hand holds 5 cards
      And my opponent's hand holds 5 cards
      And <next>

      Examples:
        | reading     | next                                |
        | mulligan    | I am to keep or mulligan my hand    |
        | no-mulligan | it is my turn in the Breeding phase |

    Scenario: A mulligan returns my hand and deals me 5 new cards; then my opponent decides
      Given the reading "mulligan" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by me
      And I take a mulligan
      And the decks are shuffled
      Then my hand holds 5 cards
      And my deck holds 45 cards
      And my opponent is to keep or mulligan their hand

    Scenario: When my opponent goes first they decide on the mulligan first
      Given the reading "mulligan" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by my opponent
      Then my opponent is to keep or mulligan their hand
      And my opponent's legal actions number 2
      When my opponent keeps their hand
      Then I am to keep or mulligan my hand

    Scenario: When the second player takes a mulligan, set-up ends and the first player's turn starts
      # "Starting with the first player, each may once redraw": the second player's mulligan
      # is the last decision of the set-up, and after their new deck's shuffle the first
      # player's first turn begins (DCG-6-1-2).
      Given the reading "mulligan" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by me
      And I keep my hand
      And my opponent takes a mulligan
      And the decks are shuffled
      Then my opponent's hand holds 5 cards
      And my opponent's security holds 5 cards
      And my opponent's deck holds 40 cards
      And it is my turn in the Breeding phase

    Scenario: When both players take a mulligan, set-up ends after the second one's
      Given the reading "mulligan" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by my opponent
      And my opponent takes a mulligan
      And the decks are shuffled
      And I take a mulligan
      And the decks are shuffled
      Then my hand holds 5 cards
      And my security holds 5 cards
      And my deck holds 40 cards
      And it is my opponent's turn in the Breeding phase

    @DCG-6-1-1
    Scenario: A set-up loaded at the mulligan ends with the first player's turn, whoever it names as turn player
      # CR4.2 Game setup (5-2-1-7, docs/rules/DCG-CONTEXT.md 1.3): "The game starts with the
      # first player's turn". The state contract records turn player 0 during set-up
      # (schemas/dcg/state.schema.json), so a set-up position where my opponent goes first may
      # name me as turn player; when set-up ends, turn 1 is my opponent's all the same.
      Given the reading "mulligan" of DCG-AMB-4
      And only load_state reaches this position: play from new_game records the first player as the turn player once rock-paper-scissors is won, while this position keeps seat 0 there, as the state contract has it during set-up
      And the set-up is at the mulligan and my opponent goes first
      And my opponent has kept their hand
      Then I am to keep or mulligan my hand
      When I keep my hand
      Then it is my opponent's turn in the Breeding phase
      And my security holds 5 cards
      And my opponent's security holds 5 cards
      And memory is 0

    @DCG-6-1-1
    Scenario: A set-up loaded with the memory gauge off 0 ends with memory 0
      # CR4.2 Game setup (5-2-1-6..7, docs/rules/DCG-CONTEXT.md 1.3): "Set the memory marker to
      # 0", then the game starts with the first player's turn. Had memory stayed at 3 on my
      # opponent's side, my first turn would meet the turn-end condition at once.
      Given the reading "mulligan" of DCG-AMB-4
      And only load_state reaches this position: memory is 0 all through a set-up played from new_game, and this position has the gauge elsewhere before the set-up's step that sets it to 0
      And the set-up is at the mulligan and I go first
      And memory stands at 3 on my opponent's side during set-up
      And I have kept my hand
      When my opponent keeps their hand
      Then it is my turn in the Breeding phase
      And memory is 0

    Scenario: There is no mulligan under the 2020 launch rules
      Given the reading "no-mulligan" of DCG-AMB-4
      And a new game
      When the decks are shuffled
      And rock-paper-scissors is won by me
      And I try to take a mulligan
      Then the action is refused
      And my hand holds 5 cards

  @DCG-AMB-5 @DCG-6-2-1-1
  Rule: DCG-AMB-5 When the "If ..." of a triggered effect is checked

    Scenario Outline: Tai Kamiya and Drain Testmon when my turn starts with memory 3, "<reading>"
      # My opponent's Drain Testmon X-01 costs 6: from their 3, my turn starts with memory 3 (at
      # the start of their next turn it would lose them 2; not reached here). Tai Kamiya BT2-089:
      # [Start of Your Turn] If you have 2 memory or less, set your memory to 3. Drain Testmon
      # X-01 (test-only: no real card loses memory at the start of its turn): [Start of Your
      # Turn] Lose 2 memory. "on-resolution": both wait and I choose; Drain Testmon first
      # gives 1, then Tai sets 3; Tai first does nothing (3), then Drain Testmon gives 1.
      # "trigger-condition": at 3 Tai does not trigger; Drain Testmon alone resolves (1), which
      # makes Tai's condition true: Tai triggers and sets 3, with no choice asked.
      Given the reading "<reading>" of DCG-AMB-5
      And it is my opponent's turn in the Main phase with memory 3
      And my battle area has Tai Kamiya BT2-089 and Drain Testmon X-01
      And my opponent's hand holds Drain Testmon X-01
      When my opponent plays Drain Testmon X-01
      Then <waiting> waiting to resolve
      When <order>
      Then it is my turn in the Breeding phase
      And memory is <memory> on my side

      Examples:
        | reading           | waiting       | order                                            | memory |
        | on-resolution     | 2 effects are | I resolve the effect of Drain Testmon X-01 first | 3      |
        | on-resolution     | 2 effects are | I resolve the effect of Tai Kamiya BT2-089 first | 1      |
        | trigger-condition | nothing is    | the effects resolve without a choice             | 3      |

    Scenario Outline: Tai Kamiya and Vegiemon when my turn starts with memory 3, "<reading>"
      # Birdramon ST1-05 costs 4: from my opponent's 1, my turn starts with memory 3. Vegiemon BT11-049:
      # [Start of Your Turn] Gain 1 memory; Tai Kamiya BT2-089 sets 3 only at 2 or less, so in
      # every order memory ends at 4. "on-resolution": both wait and the turn player is asked
      # for an order (DCG-AMB-3 "turn-player-chooses"); "trigger-condition": Tai never
      # triggers (3, then 4), so Vegiemon resolves alone without a choice.
      Given the reading "<reading>" of DCG-AMB-5
      And it is my opponent's turn in the Main phase with memory 1
      And my battle area has Tai Kamiya BT2-089 and Vegiemon BT11-049
      And my opponent's hand holds Birdramon ST1-05
      When my opponent plays Birdramon ST1-05
      Then <waiting> waiting to resolve
      When <order>
      Then it is my turn in the Breeding phase
      And memory is 4 on my side

      Examples:
        | reading           | waiting       | order                                           |
        | on-resolution     | 2 effects are | I resolve the effect of Vegiemon BT11-049 first |
        | on-resolution     | 2 effects are | I resolve the effect of Tai Kamiya BT2-089 first |
        | trigger-condition | nothing is    | the effects resolve without a choice            |

    Scenario: Tai Kamiya triggers once when two Drain Testmons bring memory to 2 or less, "trigger-condition"
      # DCG-AMB-5 "trigger-condition": an effect whose "If ..." was false when its timing came
      # triggers when it comes true in the same timing, once: it is then a triggered effect
      # like any other, and it does not wait again. Tai Kamiya BT2-089: [Start of Your Turn]
      # If you have 2 memory or less, set your memory to 3. Drain Testmon X-01 (test-only):
      # [Start of Your Turn] Lose 2 memory. My turn starts with memory 3 (my opponent's
      # Drain Testmon costs 6 from their 3): Tai does not trigger and waits; the two identical
      # Drain Testmon effects need no order, the first gives 1 and Tai triggers, so Tai and
      # the second Drain Testmon wait; I resolve Tai first (3); the second Drain Testmon gives
      # 1, and Tai, already triggered and resolved in this timing, does not trigger again.
      Given the reading "trigger-condition" of DCG-AMB-5
      And it is my opponent's turn in the Main phase with memory 3
      And my battle area has Tai Kamiya BT2-089, Drain Testmon X-01 and Drain Testmon X-01
      And my opponent's hand holds Drain Testmon X-01
      When my opponent plays Drain Testmon X-01
      Then 2 effects are waiting to resolve
      When I resolve the effect of Tai Kamiya BT2-089 first
      Then it is my turn in the Breeding phase
      And memory is 1 on my side
