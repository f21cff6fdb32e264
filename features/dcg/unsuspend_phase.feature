Feature: 6-2 Unsuspend phase - start-of-turn effects, then every card of mine unsuspends
  At the start of the turn the turn player unsuspends all their cards in every area at once.
  Rules and effects that trigger at the start of the turn ("[Start of Your Turn] If you have 2
  or less memory, set it to 3") are processed before that. If the turn-end condition holds
  after them, the turn goes to end of turn before anything is unsuspended: no draw, no
  breeding action, and "[Start of Your Main Phase]" never happens. Unsuspending has no order.

  "I" am seat 0 and "my opponent" is seat 1. Each scenario starts in my opponent's Main phase,
  reached by legal play from a new game (my suspended cards attacked in my last turn), and my
  turn begins when theirs ends; what their last action costs sets the memory my turn starts
  with (from 3: a pass leaves me 3; Birdramon ST1-05, cost 4: 1; Groundramon BT1-020, cost 5:
  2). Cards are REAL cards (oracle/data/dcg/cards.json) except the INVENTED test-only
  Drain Testmon X-01 ([Start of Your Turn] Lose 2 memory; oracle/data/dcg/test-only-cards.json):
  no real card loses memory at the start of its turn, and only such a loss can meet the
  turn-end condition before the unsuspending (DCG-6-2-1-2).

  Rule: DCG-6-2-1 At the start of the turn the turn player unsuspends all their cards

    @DCG-6-2-1
    Scenario: My suspended Digimon and Tamers are unsuspended at the start of my turn
      # Mimi Tachikawa BT1-089 suspended itself to hatch Koromon ST1-01 ([Main], with the
      # green level 5 Digitamamon BT1-075 in play).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Ikkakumon ST2-05 over Gomamon ST2-02
      And my battle area has a suspended Mimi Tachikawa BT1-089
      And my battle area has Digitamamon BT1-075
      And my breeding area holds Koromon ST1-01
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my battle area has an unsuspended Ikkakumon ST2-05 over Gomamon ST2-02
      And my battle area has an unsuspended Mimi Tachikawa BT1-089

    @DCG-6-2-1
    Scenario: My opponent's suspended cards stay suspended at the start of my turn
      Given it is my opponent's turn in the Main phase with memory 3
      And my opponent's battle area has a suspended Bearmon ST2-04
      And my battle area has a suspended Dracomon ST1-04
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my Dracomon ST1-04 is unsuspended
      And my opponent's Bearmon ST2-04 is suspended

  Rule: DCG-6-2-1-1 Start-of-turn effects are processed before the unsuspending

    @DCG-6-2-1-1
    Scenario: "If you have 2 or less memory, set it to 3" resolves at the start of my turn
      # Tai Kamiya BT2-089: [Start of Your Turn] If you have 2 or less memory, set it to 3.
      # Groundramon BT1-020 costs 5: my turn starts with memory 2.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has Tai Kamiya BT2-089
      And my battle area has a suspended Dracomon ST1-04
      And my opponent's hand holds Groundramon BT1-020
      When my opponent plays Groundramon BT1-020
      Then it is my turn in the Breeding phase
      And memory is 3 on my side
      And my Dracomon ST1-04 is unsuspended

    @DCG-6-2-1-1
    Scenario: Tai Kamiya changes nothing when my turn starts with 3 or more memory
      # Dracomon ST1-04 (3) takes my opponent to 0, Birdramon ST1-05 (4) to 4 on my side.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has Tai Kamiya BT2-089
      And my opponent's hand holds Dracomon ST1-04 and Birdramon ST1-05
      When my opponent plays Dracomon ST1-04
      And my opponent plays Birdramon ST1-05
      Then it is my turn in the Breeding phase
      And memory is 4 on my side

    @DCG-6-2-1-1
    Scenario: My opponent's [Start of Your Turn] effects do not trigger at the start of my turn
      # Vegiemon BT11-049: [Start of Your Turn] Gain 1 memory (my opponent's turn began with 3
      # after my pass, and Vegiemon made it 4).
      Given it is my opponent's turn in the Main phase with memory 4
      And my opponent's battle area has Vegiemon BT11-049
      When my opponent passes
      Then it is my turn in the Breeding phase
      And memory is 3 on my side

    @DCG-6-2-1-1
    Scenario: A card in the breeding area has no [Start of Your Turn] effect
      # CR4.2 Breeding area: effects of cards there do not trigger. Drain Testmon X-01 (test
      # only): [Start of Your Turn] Lose 2 memory; it digivolved from Ikkakumon ST2-05, from
      # Gomamon ST2-02, from the Digi-Egg Tsunomon ST2-01. No real card with a [Start of Your
      # Turn] effect can stand in a breeding area here: Vegiemon BT11-049 digivolves from a
      # green level 3, which needs a green Digi-Egg, and the real card set has none.
      Given it is my opponent's turn in the Main phase with memory 3
      And my breeding area holds Drain Testmon X-01 over Ikkakumon ST2-05 over Gomamon ST2-02 over Tsunomon ST2-01
      When my opponent passes
      Then it is my turn in the Breeding phase
      And memory is 3 on my side

    @DCG-6-1-3 @DCG-6-2-1-1 @DCG-6-2-1-2
    Scenario: Memory on my opponent's side does not end my turn while a start-of-turn effect waits
      # My turn starts with memory 1 (Birdramon ST1-05 costs 4). Drain Testmon X-01: [Start of
      # Your Turn] Lose 2 memory. Memory is then 1 on my opponent's side, but Tai Kamiya still
      # waits; "2 or less" includes my opponent's side, so it sets memory to 3 and the turn
      # goes on.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has Drain Testmon X-01 and Tai Kamiya BT2-089
      And my battle area has a suspended Dracomon ST1-04
      And my opponent's hand holds Birdramon ST1-05
      When my opponent plays Birdramon ST1-05
      And I resolve the effect of Drain Testmon X-01 first
      Then it is my turn in the Breeding phase
      And memory is 3 on my side
      And my Dracomon ST1-04 is unsuspended

    @DCG-6-2-1-1
    Scenario: A start-of-turn effect whose Digimon was digivolved onto before it resolves is lost
      # CR4.2 "Triggered effects": an effect waiting to resolve is lost if its card has left the
      # battle area or another card has been digivolved onto it. Vegiemon BT11-049: [Start of
      # Your Turn] Gain 1 memory. Drain Testmon X-01: [Start of Your Turn] Lose 2 memory, but
      # Plesiomon ST2-10 now tops its stack: from 3, memory is 4 (2 if the loss still counted).
      Given the reading "turn-player-chooses" of DCG-AMB-3
      And only load_state reaches this position: while an effect waits, resolving it is all a player may do (DCG-6-1-3, DCG-6-5-1) and no effect of the card set deletes, digivolves or moves a battle-area card, so no game changes a card whose effect waits
      And it is the start of my turn with memory 3
      And my battle area has Vegiemon BT11-049
      And my battle area has an unsuspended Plesiomon ST2-10 over Drain Testmon X-01 over Ikkakumon ST2-05
      And the [Start of Your Turn] effect of my Vegiemon BT11-049 is waiting to resolve
      And the [Start of Your Turn] effect of my Drain Testmon X-01 is waiting to resolve, though Plesiomon ST2-10 has digivolved onto it since
      When I resolve the effect of Vegiemon BT11-049 first
      Then it is my turn in the Breeding phase
      And memory is 4 on my side

    @DCG-6-2-1-1
    Scenario: A start-of-turn effect whose Digimon left the battle area before it resolves is lost
      # As above, with Drain Testmon X-01 gone to the trash: from 3, memory is 4 (2 if the loss
      # still counted).
      Given the reading "turn-player-chooses" of DCG-AMB-3
      And only load_state reaches this position: while an effect waits, resolving it is all a player may do (DCG-6-1-3, DCG-6-5-1) and no effect of the card set deletes, digivolves or moves a battle-area card, so no game removes a card whose effect waits
      And it is the start of my turn with memory 3
      And my battle area has Vegiemon BT11-049
      And the [Start of Your Turn] effect of my Vegiemon BT11-049 is waiting to resolve
      And the [Start of Your Turn] effect of my Drain Testmon X-01 is waiting to resolve, though the card has left the battle area for the trash since
      When I resolve the effect of Vegiemon BT11-049 first
      Then it is my turn in the Breeding phase
      And memory is 4 on my side
      And my trash includes Drain Testmon X-01

  Rule: DCG-6-2-1-2 If the start-of-turn effects meet the turn-end condition, nothing unsuspends

    @DCG-6-2-1-2
    Scenario: A start-of-turn memory loss ends my turn before anything is unsuspended
      # My turn starts with memory 1 (Birdramon ST1-05 costs 4); Drain Testmon X-01 loses 2: 1
      # on my opponent's side. No unsuspending, no draw, no breeding action, and Angoramon
      # LM-008's [Start of Your Main Phase] (If you have a Tamer, gain 1 memory) never happens.
      # My opponent's turn starts with 1 on their side.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Drain Testmon X-01
      And my battle area has a suspended Angoramon LM-008
      And my hand holds 8 cards
      And my opponent's hand holds Birdramon ST1-05 and 10 other cards
      When my opponent plays Birdramon ST1-05
      Then it is my opponent's turn in the Breeding phase
      And memory is 1 on my opponent's side
      And my Drain Testmon X-01 is suspended
      And my Angoramon LM-008 is suspended
      And my hand holds 8 cards
      And my opponent's hand holds 11 cards

    @DCG-6-2-1-2
    Scenario: The Breeding phase of a turn that ended at its start never comes
      # Birdramon ST1-05 costs 4: my turn starts with memory 1, and Drain Testmon X-01 loses 2.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has Drain Testmon X-01
      And my Digi-Egg deck holds Koromon ST1-01
      And my opponent's hand holds Birdramon ST1-05
      When my opponent plays Birdramon ST1-05
      Then it is my opponent's turn in the Breeding phase
      And my breeding area is empty
      And my Digi-Egg deck holds 1 card

    @DCG-6-2-1-2
    Scenario: When the start-of-turn effects leave memory at 0 the turn goes on
      # My turn starts with memory 2 (Groundramon BT1-020 costs 5); Drain Testmon X-01 loses 2:
      # memory 0, not the opponent's.
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Drain Testmon X-01
      And my hand holds 9 cards
      And my opponent's hand holds Groundramon BT1-020
      When my opponent plays Groundramon BT1-020
      Then it is my turn in the Breeding phase
      And memory is 0
      And my Drain Testmon X-01 is unsuspended
      And my hand holds 10 cards

  Rule: DCG-6-2-1-3 Unsuspending has no order

    @DCG-6-2-1-3
    Scenario: Every suspended card unsuspends in one go, with nothing to choose
      # Mimi Tachikawa BT1-089 suspended itself to hatch Koromon ST1-01 ([Main], with the
      # green level 5 Digitamamon BT1-075 in play).
      Given it is my opponent's turn in the Main phase with memory 3
      And my battle area has a suspended Dracomon ST1-04
      And my battle area has a suspended Bearmon ST2-04
      And my battle area has a suspended Mimi Tachikawa BT1-089
      And my battle area has Digitamamon BT1-075
      And my breeding area holds Koromon ST1-01
      When my opponent passes
      Then nothing is waiting to resolve
      And it is my turn in the Breeding phase
      And my Dracomon ST1-04 is unsuspended
      And my Bearmon ST2-04 is unsuspended
      And my Mimi Tachikawa BT1-089 is unsuspended

    @DCG-6-2-1-3
    Scenario: A suspended Digimon in the breeding area unsuspends together with the battle area
      # CR4.2 Breeding area / QA4257: cards in the breeding area are unsuspended too.
      Given only load_state reaches this position: no card of the card set and no chapter-6 action suspends a card in the breeding area (a Digimon suspends by attacking from the battle area, a Tamer by its own [Main] cost; the real cards that suspend a card in the breeding area, QA4257, are not in the card set)
      And it is my opponent's turn in the Main phase with memory 0
      And my breeding area holds a suspended Dracomon ST1-04 over Koromon ST1-01
      And my battle area has a suspended Bearmon ST2-04
      When my opponent passes
      Then it is my turn in the Breeding phase
      And my breeding area holds an unsuspended Dracomon ST1-04 over Koromon ST1-01
      And my Bearmon ST2-04 is unsuspended
